import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ConfigError } from '@planillas/domain/env'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

const STRONG = 'a-long-enough-secret-0123456789-abcdef'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({}, env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe("the API's configuration", () => {
  it('takes the defaults the README states', () => {
    const config = loadConfig({}, {})
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      requestTimeoutMs: 120_000,
      accessTokenTtlSeconds: 900,
      authRateLimit: { max: 120, windowMs: 60_000 },
      oidc: { issuer: 'http://localhost:3002', redirectUri: 'http://localhost:3000/login/callback' },
      logLevel: 'info',
    })
  })

  it('names each bad variable in Spanish, with what it holds', () => {
    expect(problemsOf({ REQUEST_TIMEOUT_SECONDS: 'abc', API_PORT: '70000', LOG_LEVEL: 'verbose' })).toEqual([
      "API_PORT debe ser un número entero entre 1 y 65535 (tiene '70000')",
      "REQUEST_TIMEOUT_SECONDS debe ser un número entero de 1 o más (tiene 'abc')",
      "LOG_LEVEL debe ser uno de: fatal, error, warn, info, debug, trace, silent (tiene 'verbose')",
    ])
    expect(problemsOf({ OIDC_ISSUER: 'localhost:3002' })).toEqual([
      "OIDC_ISSUER debe ser una dirección http:// o https:// completa (tiene 'localhost:3002')",
    ])
    // An empty variable is unset, as docker-compose's ${VAR:-} leaves it.
    expect(loadConfig({}, { RUC_LOOKUP_URL: '', REQUEST_TIMEOUT_SECONDS: ' ' }).requestTimeoutMs).toBe(
      120_000,
    )
  })

  it('refuses, in production, a missing, public or short JWT_SECRET without repeating it', () => {
    const production = { NODE_ENV: 'production', CLIENT_ADDRESS_SECRET: STRONG, OIDC_CLIENT_SECRET: STRONG }
    expect(problemsOf(production)).toEqual(['JWT_SECRET es obligatorio en producción (NODE_ENV=production)'])
    expect(problemsOf({ ...production, JWT_SECRET: 'local-trial-jwt-secret-change-me' })).toEqual([
      'JWT_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
    ])
    const short = problemsOf({ ...production, JWT_SECRET: 'only-twenty-chars-xx' })
    expect(short).toEqual([
      'JWT_SECRET debe tener al menos 32 caracteres en producción (por ejemplo: openssl rand -hex 32)',
    ])
    expect(loadConfig({}, { ...production, JWT_SECRET: STRONG }).jwtSecret).toBe(STRONG)
    // Outside production a development secret is fine.
    expect(loadConfig({}, { JWT_SECRET: 'test-secret' }).jwtSecret).toBe('test-secret')
  })

  it('refuses, in production, a guessable secret and a missing CLIENT_ADDRESS_SECRET', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: STRONG, OIDC_CLIENT_SECRET: STRONG }
    // Without it each process would key the sign-in throttle on the web tier's address.
    expect(problemsOf(production)).toEqual([
      'CLIENT_ADDRESS_SECRET es obligatorio en producción (NODE_ENV=production)',
    ])
    expect(problemsOf({ ...production, CLIENT_ADDRESS_SECRET: 'ab'.repeat(20) })).toEqual([
      'CLIENT_ADDRESS_SECRET repite casi siempre los mismos caracteres: use uno aleatorio (por ejemplo: openssl rand -hex 32)',
    ])
    expect(problemsOf({ ...production, JWT_SECRET: 'x'.repeat(64), CLIENT_ADDRESS_SECRET: STRONG })).toEqual([
      'JWT_SECRET repite casi siempre los mismos caracteres: use uno aleatorio (por ejemplo: openssl rand -hex 32)',
    ])
    expect(loadConfig({}, { ...production, CLIENT_ADDRESS_SECRET: STRONG }).clientAddressSecret).toBe(STRONG)
  })
})

describe('the OIDC client secret in production', () => {
  it('refuses the published development secret and a short one, as the other secrets', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: STRONG, CLIENT_ADDRESS_SECRET: STRONG }
    // Unset, it would be the development default, published in this repository.
    expect(problemsOf(production)).toEqual([
      'OIDC_CLIENT_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
    ])
    expect(problemsOf({ ...production, OIDC_CLIENT_SECRET: 'planillas-dev-secret' })).toEqual([
      'OIDC_CLIENT_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
    ])
    expect(problemsOf({ ...production, OIDC_CLIENT_SECRET: 'corto-1234' })).toEqual([
      'OIDC_CLIENT_SECRET debe tener al menos 32 caracteres en producción (por ejemplo: openssl rand -hex 32)',
    ])
    expect(loadConfig({}, { ...production, OIDC_CLIENT_SECRET: STRONG }).oidc.clientSecret).toBe(STRONG)
  })
})

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

describe('the API process', () => {
  it("does not start in production with docker-compose's former default secret", async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        JWT_SECRET: 'local-trial-jwt-secret-change-me',
        API_PORT: '4499',
        PGLITE_DIR: 'memory://',
      },
    })
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain(
      'Configuración inválida:\n  - JWT_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
    )
  }, 60_000)
})
