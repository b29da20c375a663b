import { describe, expect, it } from 'vitest'
import { resolveVerification, type StoredVerification } from './bank-verification'

const bank = {
  bankId: '002',
  bankAccount: '19112345678012',
  accountType: 3,
  bankInterAccount: '00219101234567801251',
  detractionAccount: null,
}
const now = new Date('2025-03-01T15:00:00Z')
const earlier = new Date('2025-01-10T15:00:00Z')
const verified: StoredVerification = {
  ...bank,
  bankAccountVerified: true,
  bankAccountVerifiedBy: 'ana@planillas.pe',
  bankAccountVerifiedAt: earlier,
  bankDataChangedBy: 'luis@planillas.pe',
  bankDataChangedAt: earlier,
}
const unverified: StoredVerification = {
  ...bank,
  bankAccountVerified: false,
  bankAccountVerifiedBy: null,
  bankAccountVerifiedAt: null,
  bankDataChangedBy: null,
  bankDataChangedAt: null,
}
/** What `bank` with `changes` typed by Rosa now resolves to. */
const typedByRosa = (
  stored: StoredVerification | null,
  changes: Partial<Parameters<typeof resolveVerification>[1]> & { bankAccountVerified: boolean },
) => resolveVerification(stored, { ...bank, ...changes }, 'rosa@planillas.pe', now)
/** Bank data left unconfirmed, Rosa named as who changed them now. */
const changedByRosa = {
  bankAccountVerified: false,
  bankAccountVerifiedBy: null,
  bankAccountVerifiedAt: null,
  bankDataChangedBy: 'rosa@planillas.pe',
  bankDataChangedAt: now,
  confirmed: false,
}

describe('resolveVerification', () => {
  it('records the signed-in user when the switch turns on', () => {
    expect(typedByRosa(unverified, { bankAccountVerified: true })).toEqual({
      bankAccountVerified: true,
      bankAccountVerifiedBy: 'rosa@planillas.pe',
      bankAccountVerifiedAt: now,
      bankDataChangedBy: null,
      bankDataChangedAt: null,
      confirmed: true,
      withdrawn: false,
    })
  })

  it('leaves new bank data unconfirmed and names who typed them', () => {
    expect(typedByRosa(null, { bankAccountVerified: true })).toEqual({ ...changedByRosa, withdrawn: false })
  })

  it('keeps an earlier verifier while the bank data stay the same', () => {
    const kept = typedByRosa(verified, { bankAccountVerified: true })
    expect(kept).toMatchObject({
      bankAccountVerifiedBy: 'ana@planillas.pe',
      bankAccountVerifiedAt: earlier,
      bankDataChangedBy: 'luis@planillas.pe',
      confirmed: false,
    })
  })

  it('makes changed bank data unconfirmed, even with the switch on (four eyes)', () => {
    const changed = typedByRosa(verified, { bankAccount: '19199999999012', bankAccountVerified: true })
    expect(changed).toEqual({ ...changedByRosa, withdrawn: true })
  })

  it('refuses a confirmation by the user who changed the data; another user confirms', () => {
    const pending = { ...unverified, bankDataChangedBy: 'rosa@planillas.pe', bankDataChangedAt: earlier }
    expect(() => typedByRosa(pending, { bankAccountVerified: true })).toThrow(
      'debe confirmarlos otro usuario',
    )
    expect(
      resolveVerification(pending, { ...bank, bankAccountVerified: true }, 'ana@planillas.pe', now),
    ).toMatchObject({
      bankAccountVerifiedBy: 'ana@planillas.pe',
      bankDataChangedBy: 'rosa@planillas.pe',
      confirmed: true,
    })
  })

  it('clears the verifier when the switch turns off', () => {
    expect(typedByRosa(verified, { bankAccountVerified: false })).toMatchObject({
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankAccountVerifiedAt: null,
      bankDataChangedBy: 'luis@planillas.pe',
      confirmed: false,
      withdrawn: true,
    })
  })
})
