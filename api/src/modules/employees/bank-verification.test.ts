import { describe, expect, it } from 'vitest'
import { resolveVerification, type StoredVerification } from './bank-verification'

const bank = {
  bankId: '002',
  bankAccount: '19112345678012',
  accountType: 3,
  bankInterAccount: '00219100012345678957',
  detractionAccount: null,
}
const now = new Date('2025-03-01T15:00:00Z')
const earlier = new Date('2025-01-10T15:00:00Z')
const verified: StoredVerification = {
  ...bank,
  bankAccountVerified: true,
  bankAccountVerifiedBy: 'ana@planillas.pe',
  bankAccountVerifiedAt: earlier,
}
const unverified: StoredVerification = {
  ...bank,
  bankAccountVerified: false,
  bankAccountVerifiedBy: null,
  bankAccountVerifiedAt: null,
}

describe('resolveVerification', () => {
  it('records the signed-in user when the switch turns on', () => {
    expect(
      resolveVerification(unverified, { ...bank, bankAccountVerified: true }, 'rosa@planillas.pe', now),
    ).toEqual({
      bankAccountVerified: true,
      bankAccountVerifiedBy: 'rosa@planillas.pe',
      bankAccountVerifiedAt: now,
      confirmed: true,
      withdrawn: false,
    })
    expect(
      resolveVerification(null, { ...bank, bankAccountVerified: true }, 'rosa@planillas.pe', now).confirmed,
    ).toBe(true)
  })

  it('keeps an earlier verifier while the bank data stay the same', () => {
    const kept = resolveVerification(
      verified,
      { ...bank, bankAccountVerified: true },
      'rosa@planillas.pe',
      now,
    )
    expect(kept).toMatchObject({
      bankAccountVerifiedBy: 'ana@planillas.pe',
      bankAccountVerifiedAt: earlier,
      confirmed: false,
    })
  })

  it('makes changed bank data a new confirmation by whoever saves them', () => {
    const changed = resolveVerification(
      verified,
      { ...bank, bankAccount: '19199999999012', bankAccountVerified: true },
      'rosa@planillas.pe',
      now,
    )
    expect(changed).toMatchObject({ bankAccountVerifiedBy: 'rosa@planillas.pe', confirmed: true })
  })

  it('clears the verifier when the switch turns off', () => {
    expect(
      resolveVerification(verified, { ...bank, bankAccountVerified: false }, 'rosa@planillas.pe', now),
    ).toEqual({
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankAccountVerifiedAt: null,
      confirmed: false,
      withdrawn: true,
    })
  })
})
