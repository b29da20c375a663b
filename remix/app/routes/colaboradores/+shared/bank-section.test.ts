import { buildCci, CCI_ACCOUNT_MESSAGES, checkCciAccount } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { cciAccountNote } from './bank-section'

/**
 * Where a bank's CCI embeds the account (docs/cci-account-rules.md) a mismatch is refused
 * by the employee schema; at every other bank the form says the pair cannot be checked and needs
 * another person's confirmation (four eyes: until then the employee's payroll lines are OBSERVADO).
 */
describe("the CCI note of the employee form's bank section", () => {
  const bcpAccount = '19112345678012'
  const bcpCci = buildCci('002', '191', bcpAccount.slice(3))

  it('asks for a confirmation where no rule ties the CCI to the account (BanBif)', () => {
    const cci = buildCci('038', '100', '000123456789')
    expect(cciAccountNote({ bankId: '038', bankAccount: '123456789', bankInterAccount: cci })).toBe(
      CCI_ACCOUNT_MESSAGES.unverified,
    )
  })

  it('says nothing where the rule checks the pair, or the pair is not complete yet', () => {
    expect(checkCciAccount('002', bcpAccount, bcpCci)).toBe('match')
    expect(cciAccountNote({ bankId: '002', bankAccount: bcpAccount, bankInterAccount: bcpCci })).toBeNull()
    expect(cciAccountNote({ bankId: '038', bankAccount: '123456789', bankInterAccount: '' })).toBeNull()
    expect(cciAccountNote({ bankId: '038', bankAccount: '', bankInterAccount: bcpCci })).toBeNull()
    expect(cciAccountNote({ bankId: '', bankAccount: '123', bankInterAccount: bcpCci })).toBeNull()
  })
})
