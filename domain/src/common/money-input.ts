import { z } from 'zod'
import { solesToCents } from './money'

/** What the paid dialog says of an amount typed with thousands separators (docs/domain.md, supplier payments). */
export const NO_COMMAS_MESSAGE = 'Debe ser un valor numérico, no debe incluir comas'

/** A well-formed amount with more whole digits than an amount may have (11: exact in céntimos). */
const TOO_MANY_DIGITS = /^\d{12,}(\.\d{1,2})?$/

/** What an amount past the largest one is told: its real limit, not its decimals. */
export const SOLES_MAX_MESSAGE = 'El monto no puede superar S/ 99,999,999,999.99 (11 dígitos enteros)'

/**
 * Whether a well-formed amount is refused for its size, not its form ('99999999999999.99' has two
 * decimals: what it passes is the largest amount), so that its message says the real limit.
 */
export const isTooLargeAmount = (text: string) => TOO_MANY_DIGITS.test(text.trim().replaceAll(',', ''))

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
