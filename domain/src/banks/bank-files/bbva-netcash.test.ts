import { describe, expect, it } from 'vitest'
import { IDENTIFIER_TYPE } from '../../common/identifiers'
import { paymentLine } from './bank-file-fixtures'
import { BBVA_MESSAGES, bbvaAccount20, buildBbvaFile, encodeBbvaRecords } from './bbva-netcash'
import { BANK_FILE_MESSAGES, type PaymentFileHeader, type PaymentFileLine } from './common'

const header: PaymentFileHeader = {
  debitBankCode: '011',
  debitAccount: '001101230200456789',
  currency: 'PEN',
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre 2026',
}
const line = (over: Partial<PaymentFileLine>) =>
  paymentLine({ bankCode: '011', bankAccount: '001101230100123456', ...over })
// A BBVA account (18 digits) and a BCP account paid by its CCI, to a RUC.
const lines = [
  line({}),
  line({
    rowNumber: 3,
    identifierType: IDENTIFIER_TYPE.RUC,
    identifier: '10456789124',
    fullName: 'María Gómez',
    bankCode: '002',
    bankAccount: '1910123456078',
    bankInterAccount: '00219100012345607855',
    amount: '2300',
  }),
]
const build = (...args: Parameters<typeof buildBbvaFile>) => {
  const result = buildBbvaFile(...args)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.file
}

describe('BBVA Net Cash haberes', () => {
  it('writes the hand-checked example: every field at its position and the total', () => {
    const [head, first, second] = build(header, lines).records
    expect(head).toBe(
      '700' + // 1–3 record type (quinta categoría)
        '00110123000200456789' + // 4–23 charge account: '00' after the 8th of 18 digits
        'PEN' + // 24–26 currency
        '000000000380050' + // 27–41 total 1500.50 + 2300.00, two implied decimals
        'A' + // 42 process type: immediate
        '        ' + // 43–50 date: blank with 'A'
        ' ' + // 51 hour: blank with 'A'
        'HABERES NOVIEMBRE 2026   ' + // 52–76 reference X(25)
        '000002' + // 77–82 record count
        'S' + // 83 validación de pertenencia
        '000000000000000' + // 84–98 control value: zeros
        '000' + // 99–101 process indicator: zeros
        ' '.repeat(30) + // 102–131 description
        ' '.repeat(20), // 132–151 filler
    )
    expect(head).toHaveLength(151)
    expect(first).toBe(
      '002' + // 1–3 record type
        'L' + // 4 DNI
        '45678912    ' + // 5–16 document X(12)
        'P' + // 17 own BBVA account
        '00110123000100123456' + // 18–37 the 18-digit account with '00' after its 8th digit
        'PEREZ ÑAHUI, JOSE                       ' + // 38–77 name X(40), upper case
        '000000000150050' + // 78–92 amount 1500.50
        'HABERES NOVIEMBRE 2026                  ' + // 93–132 reference X(40)
        ' ' + // 133 notice indicator
        ' '.repeat(50) + // 134–183 notice medium
        ' '.repeat(50), // 184–233 filler
    )
    expect(second.slice(0, 37)).toBe('002R10456789124 I00219100012345607855') // RUC, interbank by CCI
    expect(second.slice(37, 77)).toBe('MARIA GOMEZ'.padEnd(40))
    expect(second.slice(77, 92)).toBe('000000000230000') // positions 78–92
    for (const detail of [first, second]) expect(detail).toHaveLength(233)
  })

  it('writes N for the ownership check when asked, and a 20-digit account as it is', () => {
    const file = build({ ...header, debitAccount: '00110123450200456789' }, [line({})], {
      validateOwnership: false,
    })
    expect(file.records[0].slice(3, 23)).toBe('00110123450200456789')
    expect(file.records[0][82]).toBe('N')
    expect(bbvaAccount20('001101230200456789')).toBe('00110123000200456789')
  })

  it('cuts a name past 40 characters as the bank macro does', () => {
    const file = build(header, [line({ fullName: 'Quispe Mamani de la Cruz, Juan Francisco Alberto' })])
    expect(file.records[1].slice(37, 77)).toBe('QUISPE MAMANI DE LA CRUZ, JUAN FRANCISCO')
  })

  it('encodes Windows-1252: LF between records and none at the end by default; CRLF after each when set', () => {
    const { records } = build(header, lines)
    const lf = Buffer.from(encodeBbvaRecords(records))
    expect(lf.length).toBe(151 + 1 + 233 + 1 + 233)
    expect(lf[151]).toBe(0x0a)
    expect(lf.includes(0x0d)).toBe(false)
    expect(lf[152 + 37 + 6]).toBe(0xd1) // 'PEREZ Ñ…': the Ñ, one byte
    const crlf = Buffer.from(encodeBbvaRecords(records, 'CRLF'))
    expect(crlf.length).toBe(151 + 2 + 233 + 2 + 233 + 2)
    expect(crlf.subarray(151, 153).toString('latin1')).toBe('\r\n')
    expect(crlf.subarray(crlf.length - 2).toString('latin1')).toBe('\r\n')
  })

  it('refuses the whole file and lists every problem with its line', () => {
    const result = buildBbvaFile(
      { ...header, currency: 'USD', debitAccount: '0011012302', reference: 'R'.repeat(26) },
      [
        line({ rowNumber: 2, identifierType: IDENTIFIER_TYPE.CE, identifier: '001234567' }),
        line({ rowNumber: 3, identifierType: IDENTIFIER_TYPE.PASAPORTE, identifier: 'A1234567' }),
        line({ rowNumber: 4, identifier: '4567891' }),
        line({ rowNumber: 5, bankAccount: '0011-0123-0100123456' }),
        line({ rowNumber: 6, bankCode: '002', bankInterAccount: null }),
        line({ rowNumber: 7, fullName: 'Иван' }),
        line({ rowNumber: 8, amount: '0' }),
        line({ rowNumber: 9, amount: '10000000000000' }),
      ],
    )
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BANK_FILE_MESSAGES.currency },
        { rowNumber: null, message: BBVA_MESSAGES.debitAccountFormat },
        { rowNumber: null, message: BANK_FILE_MESSAGES.reference(25) },
        { rowNumber: 2, message: BBVA_MESSAGES.documentType },
        { rowNumber: 3, message: BBVA_MESSAGES.documentType },
        { rowNumber: 4, message: BBVA_MESSAGES.documentNumber },
        { rowNumber: 5, message: BBVA_MESSAGES.account },
        { rowNumber: 6, message: BANK_FILE_MESSAGES.cciRequired },
        { rowNumber: 7, message: BANK_FILE_MESSAGES.nameUnwritable(['И', 'В', 'А', 'Н']) },
        { rowNumber: 8, message: BANK_FILE_MESSAGES.amount },
        { rowNumber: 9, message: BANK_FILE_MESSAGES.amountTooLarge },
      ],
    })
  })

  it('refuses a debit account of another bank and an empty payroll', () => {
    expect(buildBbvaFile({ ...header, debitBankCode: '002', debitAccount: '1910123456078' }, [])).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BANK_FILE_MESSAGES.debitAccount('BBVA') },
        { rowNumber: null, message: BANK_FILE_MESSAGES.noLines },
      ],
    })
  })

  it('refuses a total past the header’s 13 integer digits instead of cutting it', () => {
    const big = (rowNumber: number) => line({ rowNumber, amount: '6000000000000' })
    expect(buildBbvaFile(header, [big(2), big(3)])).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BBVA_MESSAGES.totalTooLarge }],
    })
  })
})
