import type { z } from 'zod'
import { isDigits, optionalByRules, requiredByRules, requiredCode } from '../common/fields'
import { cciBankCode, isValidCci } from '../common/identifiers'
import { CCI_ACCOUNT_MESSAGES, checkCciAccount } from './cci-account'

/** What the employee and supplier forms say of a bank account alike. */
export const BANK_ACCOUNT_MESSAGES = {
  holderRequired: 'Titular de la cuenta es requerido',
  bankRequired: 'Banco es requerido',
  bankInvalid: 'Banco inválido',
  accountRequired: 'Número de cuenta es requerido',
  accountNumeric: 'Número de cuenta debe ser un valor numérico',
  accountMax: 'Número de cuenta admite como máximo 20 dígitos',
  accountTypeRequired: 'Tipo de cuenta es requerido',
  cciNumeric: 'Número de CCI debe ser un valor numérico',
  cciLength: 'Número de CCI debe tener 20 dígitos',
  cciBank: 'El CCI no corresponde al banco seleccionado',
} as const
const M = BANK_ACCOUNT_MESSAGES

/**
 * A form's bank, account, account type and CCI: `accountTypes` are the types the form offers,
 * `cciInvalid` what it says of a CCI whose check digits do not match.
 */
export const bankAccountFields = (accountTypes: readonly number[], cciInvalid: string) => ({
  bankId: requiredByRules(M.bankRequired, [[(v) => /^\d{3}$/.test(v), M.bankInvalid]]),
  bankAccount: requiredByRules(M.accountRequired, [
    [isDigits, M.accountNumeric],
    [(v) => v.length <= 20, M.accountMax],
  ]),
  accountType: requiredCode(M.accountTypeRequired, accountTypes),
  bankInterAccount: optionalByRules([
    [isDigits, M.cciNumeric],
    [(v) => v.length === 20, M.cciLength],
    [isValidCci, cciInvalid],
  ]),
})

type BankAccountValue = { bankId: string; bankAccount: string; bankInterAccount: string | null }

/**
 * The account's rules that read two fields, for a form's cross-checks: a CCI of another bank is
 * refused, and so is a CCI of another account where the bank builds its CCIs from the account
 * (paying by it would pay someone else: docs/cci-account-rules.md).
 */
export function crossCheckAccount(value: Partial<BankAccountValue>, ctx: z.RefinementCtx) {
  const { bankId, bankAccount, bankInterAccount: cci } = value
  if (!cci || !bankId) return
  if (isValidCci(cci) && /^\d{3}$/.test(bankId) && cciBankCode(cci) !== bankId) {
    ctx.addIssue({ code: 'custom', path: ['bankInterAccount'], message: M.cciBank })
  }
  if (typeof bankAccount === 'string' && checkCciAccount(bankId, bankAccount, cci) === 'mismatch') {
    ctx.addIssue({ code: 'custom', path: ['bankInterAccount'], message: CCI_ACCOUNT_MESSAGES.mismatch })
  }
}
