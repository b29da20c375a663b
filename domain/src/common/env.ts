import { z } from 'zod'

/**
 * The pieces every process's configuration schema is made of (api/src/config.ts,
 * worker/src/config.ts, remix/server/config.ts, scripts/config.ts, scripts/dev-idp/config.ts):
 * each process reads `process.env` once, at start, through its schema; a bad value stops it with a
 * Spanish message naming the variable. The README's Configuration table is checked against the
 * schemas (scripts/config-table.test.ts).
 */
export type Env = Record<string, string | undefined>

/** An empty variable counts as unset, as in a shell (`FOO= npm start`) or docker-compose (`${FOO:-}`). */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** Text; unset or empty gives `fallback` (or undefined). */
export function text(): z.ZodType<string | undefined>
export function text(fallback: string): z.ZodType<string>
export function text(fallback?: string): z.ZodType {
  const value = z.preprocess(blank, z.string().optional())
  return fallback === undefined ? value : value.transform((v) => v ?? fallback)
}

/** A whole number in [min, max]; unset or empty gives `fallback`. */
export function integer(options: { min: number; max?: number; fallback: number }): z.ZodType<number>
export function integer(options: { min: number; max?: number }): z.ZodType<number | undefined>
export function integer({ min, max, fallback }: { min: number; max?: number; fallback?: number }): z.ZodType {
  const range = max === undefined ? `de ${min} o más` : `entre ${min} y ${max}`
  const message = `debe ser un número entero ${range}`
  const value = z.preprocess(
    blank,
    z
      .string()
      .regex(/^\s*\d+\s*$/, message)
      .transform(Number)
      .pipe(
        z
          .number()
          .int(message)
          .min(min, message)
          .max(max ?? Number.MAX_SAFE_INTEGER, message),
      )
      .optional(),
  )
  return fallback === undefined ? value : value.transform((v) => v ?? fallback)
}

/** A TCP port. */
export const port = (fallback: number) => integer({ min: 1, max: 65_535, fallback })

/** An absolute http(s) address; unset or empty gives `fallback` (or undefined). */
export function url(): z.ZodType<string | undefined>
export function url(fallback: string): z.ZodType<string>
export function url(fallback?: string): z.ZodType {
  const value = z.preprocess(
    blank,
    z
      .string()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
        message: 'debe ser una dirección http:// o https:// completa',
      })
      .optional(),
  )
  return fallback === undefined ? value : value.transform((v) => v ?? fallback)
}

/** `true` or `false`; unset or empty gives undefined (the caller decides). */
export const flag = () =>
  z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { message: "debe ser 'true' o 'false'" })
      .transform((v) => v === 'true')
      .optional(),
  )

/** One of `values`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    blank,
    z
      .enum(values, { message: `debe ser uno de: ${values.join(', ')}` })
      .optional()
      .transform((v) => v ?? fallback),
  )

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** NODE_ENV: 'production' turns on the production rules (secrets below); anything else is development. */
export const nodeEnv = () => z.preprocess(blank, z.string().optional())

/** Shortest secret accepted in production: 32 characters (`openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 32

/** Fewest different characters in a production secret: 'a' × 32 is long but guessable (hex has 16). */
export const MIN_SECRET_DISTINCT = 8

/**
 * Secrets anyone can read: the defaults docker-compose.yml shipped and the development ones in the
 * code. Whoever knows the API's signs tokens with every permission; the web tier's opens sessions.
 */
export const KNOWN_SECRETS: readonly string[] = [
  'local-trial-jwt-secret-change-me',
  'local-trial-session-secret-change-me',
  'planillas-dev-session-secret',
  'planillas-dev-secret',
  'test-secret',
  'change-me',
  'changeme',
  'secret',
]

/** Why a secret may not be used in production, in Spanish; undefined when it may. */
export function productionSecretProblem(name: string, value: string | undefined): string | undefined {
  if (!value) return `${name} es obligatorio en producción (NODE_ENV=production)`
  if (KNOWN_SECRETS.includes(value))
    return `${name} tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio`
  if (value.length < MIN_SECRET_LENGTH)
    return `${name} debe tener al menos ${MIN_SECRET_LENGTH} caracteres en producción (por ejemplo: openssl rand -hex 32)`
  if (new Set(value).size < MIN_SECRET_DISTINCT)
    return `${name} repite casi siempre los mismos caracteres: use uno aleatorio (por ejemplo: openssl rand -hex 32)`
  return undefined
}

/**
 * A schema refinement: with NODE_ENV=production, each named secret must pass
 * `productionSecretProblem`. A development process generates its own secrets instead.
 */
export const productionSecrets =
  (...names: string[]) =>
  (values: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    if (values.NODE_ENV !== 'production') return
    for (const name of names) {
      const problem = productionSecretProblem(name, values[name] as string | undefined)
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem, input: values[name] })
    }
  }

/** Variables whose values are never repeated in a message. */
const HIDDEN = /SECRET|TOKEN|PASSWORD|DATABASE_URL|REDIS_URL/

/** A configuration a process cannot start with: the message names every bad variable, in Spanish. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses an environment with a process's schema; a bad value throws `ConfigError`. */
export function parseEnv<T>(schema: z.ZodType<T>, env: Env): T {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '')
      const value = env[name]
      // A secret's problem names the variable already; other values are repeated to be found.
      if (issue.message.startsWith(name)) return issue.message
      const shown = value === undefined || HIDDEN.test(name) ? '' : ` (tiene '${value}')`
      return `${name} ${issue.message}${shown}`
    }),
  )
}

/**
 * Reads a process's configuration or ends the process with the message (exit code 1): a process
 * must not start on a configuration it misreads. The one place in domain that touches the process.
 */
export function configOrExit<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    return globalThis.process.exit(1)
  }
}

/** The variable names a schema reads (an object schema's keys), for the README's check. */
export const variablesOf = (schema: z.ZodObject) => Object.keys(schema.shape)
