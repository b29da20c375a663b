import { EMPLOYEE_MESSAGES } from '@planillas/domain'
import { badRequest } from '../../lib/errors'

/** The bank data whose confirmation a clerk vouches for. */
export type BankData = {
  bankId: string | null
  bankAccount: string | null
  accountType: number | null
  bankInterAccount: string | null
  detractionAccount: string | null
}

export type StoredVerification = BankData & {
  bankAccountVerified: boolean
  bankAccountVerifiedBy: string | null
  bankAccountVerifiedAt: Date | null
  bankDataChangedBy: string | null
  bankDataChangedAt: Date | null
}

export type Verification = {
  bankAccountVerified: boolean
  bankAccountVerifiedBy: string | null
  bankAccountVerifiedAt: Date | null
  bankDataChangedBy: string | null
  bankDataChangedAt: Date | null
  /** This save confirmed the bank data (worth its own audit entry). */
  confirmed: boolean
  /** This save withdrew an earlier confirmation. */
  withdrawn: boolean
}

const BANK_FIELDS: (keyof BankData)[] = [
  'bankId',
  'bankAccount',
  'accountType',
  'bankInterAccount',
  'detractionAccount',
]

export const bankDataChanged = (before: BankData, after: BankData) =>
  BANK_FIELDS.some((k) => String(before[k] ?? '') !== String(after[k] ?? ''))

const unconfirmed = { bankAccountVerified: false, bankAccountVerifiedBy: null, bankAccountVerifiedAt: null }

/**
 * Who confirmed the bank data is recorded by the server, never taken from the body, and
 * with four eyes: bank data someone typed or changed are unconfirmed, whatever the
 * switch says, and only another user can confirm them. An earlier confirmation stays while the
 * bank data stay the same; turning the switch off clears it.
 */
export function resolveVerification(
  before: StoredVerification | null,
  after: BankData & { bankAccountVerified: boolean },
  actor: string,
  now: Date = new Date(),
): Verification {
  const wasVerified = Boolean(before?.bankAccountVerified)
  if (!before || bankDataChanged(before, after)) {
    return {
      ...unconfirmed,
      bankDataChangedBy: actor,
      bankDataChangedAt: now,
      confirmed: false,
      withdrawn: wasVerified,
    }
  }
  const changed = { bankDataChangedBy: before.bankDataChangedBy, bankDataChangedAt: before.bankDataChangedAt }
  if (!after.bankAccountVerified)
    return { ...unconfirmed, ...changed, confirmed: false, withdrawn: wasVerified }
  if (before.bankAccountVerified && before.bankAccountVerifiedBy) {
    return {
      bankAccountVerified: true,
      bankAccountVerifiedBy: before.bankAccountVerifiedBy,
      bankAccountVerifiedAt: before.bankAccountVerifiedAt,
      ...changed,
      confirmed: false,
      withdrawn: false,
    }
  }
  if (before.bankDataChangedBy === actor) throw badRequest(EMPLOYEE_MESSAGES.bankFourEyes)
  return {
    bankAccountVerified: true,
    bankAccountVerifiedBy: actor,
    bankAccountVerifiedAt: now,
    ...changed,
    confirmed: true,
    withdrawn: false,
  }
}
