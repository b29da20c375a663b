import { cciBankCode, isValidCci } from '../common/identifiers'

/**
 * Does a CCI belong to the account it is stored with? Some banks build their CCIs from the account
 * number: the office and the account's own digits are copied into the CCI's branch (positions
 * 4–6) and account (7–18) fields. For those, a valid CCI that carries other digits is another
 * account — paying by it pays someone else. The rules and their sources are in
 * docs/cci-account-rules.md; a bank whose rule no source confirms gets no rule, and the pair is
 * left for a person to confirm.
 */
export type CciAccountCheck =
  /** The bank's rule holds: the CCI carries this account. */
  | 'match'
  /** The bank's rule fails: the CCI belongs to another account. */
  | 'mismatch'
  /** No confirmed rule for this bank or this account shape: a person must confirm the pair. */
  | 'unverified'

type Rule = {
  /** The account lengths the rule knows (digits). */
  lengths: readonly number[]
  /** The CCI's 20 digits as this account would give them, compared where the rule is defined. */
  matches: (account: string, cci: string) => boolean
}

/** CCI digits `from`..`to` (0-based, end excluded), the positions the sources number 1-based. */
const part = (cci: string, from: number, to: number) => cci.slice(from, to)

const RULES: Readonly<Record<string, Rule>> = {
  // BCP: office (3) + the rest of the account, right-aligned in the 12-digit field; a 14-digit
  // savings account's rest is 11 digits (the digit before it marks the product), a 13-digit
  // current account's 10 (two leading zeros).
  '002': {
    lengths: [13, 14],
    matches: (account, cci) =>
      part(cci, 3, 6) === account.slice(0, 3) &&
      part(cci, 18 - (account.length - 3), 18) === account.slice(3),
  },
  // BBVA: 0011 + office (4, the CCI keeps its last 3) + 10 digits, which are the CCI's last 10 of
  // the account field ('00' before them). Statements print 20 digits: the 18 then the CCI's check
  // digits, which must then be the CCI's own.
  '011': {
    lengths: [18, 20],
    matches: (account, cci) =>
      account.slice(0, 4) === '0011' &&
      account[4] === '0' &&
      part(cci, 3, 6) === account.slice(5, 8) &&
      part(cci, 6, 8) === '00' &&
      part(cci, 8, 18) === account.slice(8, 18) &&
      (account.length === 18 || part(cci, 18, 20) === account.slice(18, 20)),
  },
  // Interbank: office (3) + 10 digits, the CCI's last 10 of the account field.
  '003': {
    lengths: [13],
    matches: (account, cci) =>
      part(cci, 3, 6) === account.slice(0, 3) && part(cci, 8, 18) === account.slice(3),
  },
  // Scotiabank: agency (3) + account (7), the CCI's last 7 of the account field.
  '009': {
    lengths: [10],
    matches: (account, cci) =>
      part(cci, 3, 6) === account.slice(0, 3) && part(cci, 11, 18) === account.slice(3),
  },
}

/** The bank codes whose CCI-from-account rule is confirmed by sources (docs/cci-account-rules.md). */
export const CCI_RULE_BANKS = Object.keys(RULES)

/**
 * Checks a valid CCI against the account stored with it, by the bank's rule. A CCI that is not
 * valid, or of another bank, is for the CCI's own checks; here it is 'unverified'.
 */
export function checkCciAccount(bankCode: string, account: string, cci: string): CciAccountCheck {
  const rule = RULES[bankCode]
  if (!rule || !isValidCci(cci) || cciBankCode(cci) !== bankCode) return 'unverified'
  if (!/^\d+$/.test(account) || !rule.lengths.includes(account.length)) return 'unverified'
  return rule.matches(account, cci) ? 'match' : 'mismatch'
}

export const CCI_ACCOUNT_MESSAGES = {
  mismatch: 'El CCI no corresponde al número de cuenta: en este banco el CCI contiene la cuenta',
  unverified:
    'No se puede comprobar que el CCI corresponda a la cuenta en este banco: otra persona debe confirmar los datos bancarios',
} as const
