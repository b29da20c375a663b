import { z } from 'zod'

/** A required text: the same message whether it is missing or blank. */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z.string({ error: message }).trim().min(1, message)
  return max ? base.max(max, maxMessage ?? `Admite como máximo ${max} caracteres`) : base
}

/** An optional text: blank becomes null. */
export function optionalText(max: number, maxMessage?: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage ?? `Admite como máximo ${max} caracteres`)
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
