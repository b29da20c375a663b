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
}

export type Verification = {
  bankAccountVerified: boolean
  bankAccountVerifiedBy: string | null
  bankAccountVerifiedAt: Date | null
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

/**
 * Who confirmed the bank data is recorded by the server, never taken from the body: when
 * the switch turns on and nobody has confirmed these data yet, the signed-in user is the verifier.
 * An earlier confirmation stays while the bank data stay the same; saving changed bank data with the
 * switch on is a new confirmation by whoever saves; turning it off clears the verifier.
 */
export function resolveVerification(
  before: StoredVerification | null,
  after: BankData & { bankAccountVerified: boolean },
  actor: string,
  now: Date = new Date(),
): Verification {
  if (!after.bankAccountVerified) {
    return {
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankAccountVerifiedAt: null,
      confirmed: false,
      withdrawn: Boolean(before?.bankAccountVerified),
    }
  }
  if (before?.bankAccountVerified && before.bankAccountVerifiedBy && !bankDataChanged(before, after)) {
    return {
      bankAccountVerified: true,
      bankAccountVerifiedBy: before.bankAccountVerifiedBy,
      bankAccountVerifiedAt: before.bankAccountVerifiedAt,
      confirmed: false,
      withdrawn: false,
    }
  }
  return {
    bankAccountVerified: true,
    bankAccountVerifiedBy: actor,
    bankAccountVerifiedAt: now,
    confirmed: true,
    withdrawn: false,
  }
}
