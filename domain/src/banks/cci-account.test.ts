import { describe, expect, it } from 'vitest'
import { buildCci, isValidCci } from '../common/identifiers'
import { CCI_RULE_BANKS, checkCciAccount } from './cci-account'

// Examples from the sources in docs/cci-account-rules.md; each CCI passes both check digits.
describe('a CCI against its account, per bank', () => {
  it('BCP: office and the rest of a 13-digit current or 14-digit savings account', () => {
    // The template's example pair and a savings account shaped as in the sources (product digit 1).
    expect(checkCciAccount('002', '19112345678012', buildCci('002', '191', '012345678012'))).toBe('match')
    const savings = buildCci('002', '193', '136600820024')
    expect(isValidCci(savings)).toBe(true)
    expect(checkCciAccount('002', '19336600820024', savings)).toBe('match')
    expect(checkCciAccount('002', '1917654321098', buildCci('002', '191', '7654321098'))).toBe('match')
    // Another office, or one digit of the account changed: another account.
    expect(checkCciAccount('002', '1927654321098', buildCci('002', '191', '7654321098'))).toBe('mismatch')
    expect(checkCciAccount('002', '1917654321099', buildCci('002', '191', '7654321098'))).toBe('mismatch')
  })

  it('BBVA: 0011, office, then the 10 digits the CCI carries (statements add its check digits)', () => {
    const cci = '01124100019000658270' // a published current account 0011-0241-0190006582-70
    expect(isValidCci(cci)).toBe(true)
    expect(checkCciAccount('011', '001102410190006582', cci)).toBe('match')
    expect(checkCciAccount('011', '00110241019000658270', cci)).toBe('match')
    expect(checkCciAccount('011', '001102410190006583', cci)).toBe('mismatch')
    expect(checkCciAccount('011', '00110241019000658271', cci)).toBe('mismatch')
    expect(checkCciAccount('011', '001103660100032542', '01136600010003254221')).toBe('match')
  })

  it('Interbank: office and 10 digits', () => {
    expect(checkCciAccount('003', '9243192402996', '00392401319240299683')).toBe('match')
    expect(checkCciAccount('003', '9243192402997', '00392401319240299683')).toBe('mismatch')
  })

  it('Scotiabank: agency and 7 digits', () => {
    expect(checkCciAccount('009', '2800062989', '00928021280006298996')).toBe('match')
    expect(checkCciAccount('009', '2800062988', '00928021280006298996')).toBe('mismatch')
  })

  it('a bank without a confirmed rule, or an account of an unknown shape, is left to a person', () => {
    expect(CCI_RULE_BANKS.sort()).toEqual(['002', '003', '009', '011'])
    // Banco de la Nación, BanBif, Mibanco: one source only.
    expect(checkCciAccount('018', '04005880586', '01800000400588058608')).toBe('unverified')
    expect(checkCciAccount('038', '007000645032', '03810110700064503226')).toBe('unverified')
    expect(checkCciAccount('049', '6015032578', '04947900601503257899')).toBe('unverified')
    expect(checkCciAccount('011', '2410190006582', '01124100019000658270')).toBe('unverified')
    // An invalid CCI or one of another bank is for the CCI's own checks.
    expect(checkCciAccount('003', '9243192402996', '00392401319240299684')).toBe('unverified')
    expect(checkCciAccount('002', '9243192402996', '00392401319240299683')).toBe('unverified')
  })
})
