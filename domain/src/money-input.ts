import { z } from 'zod'

/** What the paid dialog says of an amount typed with thousands separators (docs/domain.md, supplier payments). */
export const NO_COMMAS_MESSAGE = 'Debe ser un valor numérico, no debe incluir comas'

/** Soles as typed: digits, an optional point and up to two decimals. */
const SOLES = /^\d{1,11}(\.\d{1,2})?$/
/** A well-formed amount with more whole digits than an amount may have (11: exact in céntimos). */
const TOO_MANY_DIGITS = /^\d{12,}(\.\d{1,2})?$/

/** What an amount past the largest one is told: its real limit, not its decimals. */
export const SOLES_MAX_MESSAGE = 'El monto no puede superar S/ 99,999,999,999.99 (11 dígitos enteros)'

/** '1180.5' → 118050 céntimos; null when the text is not soles as typed. */
export function solesToCents(text: string): number | null {
  const value = text.trim()
  if (!SOLES.test(value)) return null
  const [units, decimals = ''] = value.split('.')
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'))
}

/** 118050 → '1180.50': what a form shows back for an amount in céntimos. */
export const centsToSoles = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`

export type SolesMessages = { required: string; invalid: string; positive?: string }

/**
 * An amount in soles as a form or a JSON body sends it ('1180.00', '1180', 1180.5), parsed to
 * integer céntimos without a float ever holding the money. A comma is refused with the specified message
 * (1,180.00 is not an amount the API guesses at).
 */
export function solesAmount(messages: SolesMessages) {
  return z.union([z.string(), z.number()], { error: messages.required }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim()
    if (!text) {
      ctx.addIssue({ code: 'custom', message: messages.required })
      return z.NEVER
    }
    if (text.includes(',')) {
      ctx.addIssue({ code: 'custom', message: NO_COMMAS_MESSAGE })
      return z.NEVER
    }
    const cents = solesToCents(text)
    if (cents === null) {
      ctx.addIssue({
        code: 'custom',
        message: TOO_MANY_DIGITS.test(text) ? SOLES_MAX_MESSAGE : messages.invalid,
      })
      return z.NEVER
    }
    if (messages.positive && cents <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.positive })
      return z.NEVER
    }
    return cents
  })
}
