import { z } from 'zod'
import { isIsoDate } from './dates'

/**
 * A NUL character (U+0000) is never part of a real text and PostgreSQL cannot store it in a text
 * column: a text that carries one is refused with this message instead of failing in the database.
 */
export const NUL_MESSAGE = 'El texto contiene caracteres no permitidos'

/** Whether a string, or any string inside an array or object (keys included), holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1))
  // Never walk a file's bytes.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1))
}

/**
 * What shows nothing at either end of a text: white space (NBSP included), format characters
 * (zero-width space and joiners, word joiner, BOM, soft hyphen, direction marks: Unicode `Cf`),
 * the combining grapheme joiner and the blank letters (Hangul fillers, braille blank).
 */
const INVISIBLE = '[\\s\\p{Cf}\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u2800]'
const INVISIBLE_EDGES = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, 'gu')

/**
 * `String.prototype.trim` without what it leaves: a name of only zero-width spaces looks blank on
 * every screen, so it is blank (refused as missing) and nobody stores one around a real name.
 */
export const trimInvisible = (value: string) => value.replace(INVISIBLE_EDGES, '')

/** A required text: the same message whether it is missing or blank (invisible characters are blank). */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z.string({ error: message }).overwrite(trimInvisible).min(1, message)
  const bounded = max ? base.max(max, maxMessage ?? `Admite como máximo ${max} caracteres`) : base
  return bounded.refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
}

/** An optional text: blank (invisible characters only included) becomes null. */
export function optionalText(max: number, maxMessage?: string) {
  return z
    .string()
    .overwrite(trimInvisible)
    .max(max, maxMessage ?? `Admite como máximo ${max} caracteres`)
    .refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null))
}

/** A required numeric code chosen from an enumeration. */
export function requiredCode(message: string, allowed: readonly number[]) {
  return z.coerce
    .number({ error: message })
    .int(message)
    .refine((n) => allowed.includes(n), message)
}

/**
 * The largest id a row can have: ids are PostgreSQL `integer` / `serial` columns. A bigger number
 * is not an id at all, so it is a 400, not a database error.
 */
export const MAX_ID = 2_147_483_647

export const ID_MESSAGE = 'Identificador inválido'

/**
 * One record id (1..2147483647), from JSON or a form/query string. Only a number or a text is read:
 * coercion alone would take `true` for id 1 and `[5]` for id 5.
 */
export const idNumber = (message: string = ID_MESSAGE) =>
  z.preprocess(
    (v) => (typeof v === 'number' || typeof v === 'string' ? v : Number.NaN),
    z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  )

/** A list of ids as filters send it: one value, an array, or nothing (blank → no filter). */
export const idList = (message: string = ID_MESSAGE) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z.array(idNumber(message)).optional(),
  )

/** A real calendar date written YYYY-MM-DD: 2025-02-30 and 2025-13-01 are refused. */
export const calendarDate = (message: string) => z.string({ error: message }).refine(isIsoDate, message)

/**
 * A yes/no as a form's checkbox sends it ('on', or nothing) or a JSON body (true/false); missing is
 * no. Its input is a string or a boolean, so a form's values stay strings.
 */
export const checkbox = (message: string) =>
  z
    .union([z.boolean(), z.string()], { error: message })
    .optional()
    .transform((v) =>
      typeof v === 'string' ? ['on', 'true', '1', 'si', 'sí'].includes(v.trim().toLowerCase()) : v === true,
    )

/** A check of a text and the message when it fails. */
export type Rule = [test: (value: string) => boolean, message: string]

export const isDigits = (v: string) => /^\d+$/.test(v)

const firstBroken = (rules: Rule[]) => (value: string, ctx: z.RefinementCtx) => {
  const broken = rules.find(([test]) => !test(value))
  if (broken) ctx.addIssue({ code: 'custom', message: broken[1] })
}

/** A required text checked by rules in order: only the first broken rule is reported. */
export const requiredByRules = (message: string, rules: Rule[]) =>
  z
    .string({ error: message })
    .overwrite(trimInvisible)
    .superRefine((v, ctx) => (v ? firstBroken(rules)(v, ctx) : ctx.addIssue({ code: 'custom', message })))

/** An optional text (blank becomes null) checked by rules in order when present. */
export const optionalByRules = (rules: Rule[]) =>
  z
    .string()
    .overwrite(trimInvisible)
    .superRefine((v, ctx) => (v ? firstBroken(rules)(v, ctx) : undefined))
    .nullish()
    .transform((v) => (v ? v : null))
