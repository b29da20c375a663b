import { describe, expect, it } from 'vitest'
import { IDENTIFIER_TYPE } from '../../common/identifiers'
import { paymentLine } from './bank-file-fixtures'
import { BCP, buildBcpFile } from './bcp'
import { BANK_FILE_MESSAGES, bankName, type PaymentFileHeader } from './common'
import { encodeRecords } from './encode'

const header: PaymentFileHeader = {
  debitBankCode: '002',
  debitAccount: '1910123456078',
  currency: 'PEN',
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre 2026',
}
const line = paymentLine
// A BCP savings account (14 digits) and a BBVA account paid by its CCI (check digits 7 and 7).
const lines = [
  line({}),
  line({
    rowNumber: 3,
    identifierType: IDENTIFIER_TYPE.CE,
    identifier: '001234567',
    fullName: 'María Gómez',
    bankCode: '011',
    bankAccount: '0011-0123-0200456789',
    bankInterAccount: '01112300012345678977',
    amount: '2300',
  }),
]

describe('BCP Telecrédito planilla de haberes', () => {
  it('writes the hand-checked example: every field at its position, totals and checksum', () => {
    const result = buildBcpFile(header, lines)
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    const [head, first, second] = result.file.records
    // Checksum by hand: 0123456078 (debit account less 3 digits) + 12345678012 (BCP account less 3)
    // + 2345678977 (CCI less 10) = 14814813067.
    expect(head).toBe(
      '1' +
        '000002' +
        '20261130' +
        'X' +
        'C' +
        '0001' +
        '1910123456078       ' +
        '00000000003800.50' +
        'HABERES NOVIEMBRE 2026                  ' +
        '000014814813067',
    )
    expect(head).toHaveLength(113)
    expect(head.slice(41, 58)).toBe('00000000003800.50') // positions 42–58
    expect(head.slice(98, 113)).toBe('000014814813067') // positions 99–113
    expect(first).toBe(
      '2' +
        'A' +
        '19112345678012      ' +
        '1' +
        '45678912    ' +
        '   ' +
        'PEREZ ÑAHUI, JOSE'.padEnd(75) +
        'HABERES NOVIEMBRE 2026'.padEnd(40) +
        'HABERES NOVIEMBRE 20' +
        '0001' +
        '00000000001500.50' +
        'S',
    )
    expect(second.slice(0, 22)).toBe('2B01112300012345678977')
    expect(second.slice(22, 35)).toBe('3001234567   ') // CE is '3' in BCP's table
    expect(second.slice(38, 113).trimEnd()).toBe('MARIA GOMEZ')
    expect(second.slice(177, 194)).toBe('00000000002300.00') // positions 178–194
    for (const detail of [first, second]) expect(detail).toHaveLength(195)
    expect(result.file).toMatchObject({ count: 2, totalCents: 380050n, checksum: '000014814813067' })
  })

  it('encodes Windows-1252 with CRLF: Ñ is one byte, 0xD1', () => {
    const result = buildBcpFile(header, lines)
    if (!result.ok) throw new Error('refused')
    const bytes = Buffer.concat(encodeRecords(result.file.records))
    expect(bytes.length).toBe(113 + 2 + 195 + 2 + 195 + 2)
    expect(bytes.subarray(113, 115).toString('latin1')).toBe('\r\n')
    expect(bytes[115 + 38 + 6]).toBe(0xd1) // 'PEREZ Ñ…': the Ñ
    expect(bytes.subarray(bytes.length - 2).toString('latin1')).toBe('\r\n')
  })

  it('refuses the whole file and lists every problem with its line', () => {
    const bad = [
      line({ rowNumber: 2, identifierType: IDENTIFIER_TYPE.RUC, identifier: '20100070970' }),
      line({ rowNumber: 3, identifier: '1234567890123' }),
      line({ rowNumber: 4, fullName: 'A'.repeat(76) }),
      line({ rowNumber: 5, fullName: '¿?' }),
      line({ rowNumber: 6, bankAccount: '191123' }),
      line({ rowNumber: 7, bankCode: '011', bankInterAccount: null }),
      line({ rowNumber: 8, bankCode: '003', bankInterAccount: '01112300012345678977' }),
      line({ rowNumber: 9, amount: '0' }),
      line({ rowNumber: 10, amount: '10.505' }),
      line({ rowNumber: 11, paid: true }),
      line({ rowNumber: 12, awaitingReview: true }),
    ]
    const result = buildBcpFile(
      { ...header, currency: 'USD', debitAccount: '19101', reference: 'R'.repeat(41) },
      bad,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems).toEqual([
      { rowNumber: null, message: BANK_FILE_MESSAGES.currency },
      { rowNumber: null, message: BANK_FILE_MESSAGES.debitAccountFormat('BCP') },
      { rowNumber: null, message: BANK_FILE_MESSAGES.reference(40) },
      { rowNumber: 2, message: BANK_FILE_MESSAGES.documentType('BCP') },
      { rowNumber: 3, message: BANK_FILE_MESSAGES.documentLength(12) },
      { rowNumber: 4, message: BANK_FILE_MESSAGES.nameLength(75, 76) },
      { rowNumber: 5, message: BANK_FILE_MESSAGES.nameEmpty },
      { rowNumber: 6, message: BANK_FILE_MESSAGES.sameBankAccount('BCP') },
      { rowNumber: 7, message: BANK_FILE_MESSAGES.cciRequired },
      { rowNumber: 8, message: BANK_FILE_MESSAGES.cciBank },
      { rowNumber: 9, message: BANK_FILE_MESSAGES.amount },
      { rowNumber: 10, message: BANK_FILE_MESSAGES.amount },
      { rowNumber: 11, message: BANK_FILE_MESSAGES.alreadyPaid },
      { rowNumber: 12, message: BANK_FILE_MESSAGES.awaitingReview },
    ])
  })

  it('refuses a debit account of another bank and an empty payroll', () => {
    const result = buildBcpFile({ ...header, debitBankCode: '011' }, [])
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BANK_FILE_MESSAGES.debitAccount('BCP') },
        { rowNumber: null, message: BANK_FILE_MESSAGES.noLines },
      ],
    })
  })

  it('refuses a file whose checksum passes its 15 digits instead of cutting it; 15 digits pass', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        line({ rowNumber: i + 2, identifier: String(10_000_000 + i), bankAccount: '19199999999999' }),
      )
    // 123456078 + 10,000 × 99999999999 = 1000000123446078 (16 digits): once written as '000000123446078'.
    expect(buildBcpFile(header, many(10_000))).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BANK_FILE_MESSAGES.checksumTooLong(16, 15) }],
    })
    // 123456078 + 9,999 × 99999999999 = 999900123446079 (15 digits): written whole.
    const result = buildBcpFile(header, many(9_999))
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.file.checksum).toBe('999900123446079')
    expect(result.file.records[0].slice(1, 7)).toBe('009999')
    expect(BCP.detailLength).toBe(195)
  })

  it("transliterates names to the file's alphabet, never dropping a letter: Ł, ø, ß, æ; Ñ kept", () => {
    const result = buildBcpFile(header, [
      line({ fullName: 'Łukasz Ørsted-Weiß, Ænima Ñahui' }),
      line({ rowNumber: 3, identifier: '45678913', fullName: 'Čapek Śliwińska, Øyvind' }),
    ])
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.file.records[1].slice(38, 113).trimEnd()).toBe('LUKASZ ORSTED-WEISS, AENIMA ÑAHUI')
    expect(result.file.records[2].slice(38, 113).trimEnd()).toBe('CAPEK SLIWINSKA, OYVIND')
    expect(bankName('straße æble ø')).toBe('STRASSE AEBLE O')
  })

  it('refuses a name with a letter that has no equivalent, naming it, instead of dropping it', () => {
    const result = buildBcpFile(header, [line({ fullName: 'Иван Pérez 李' })])
    expect(result).toEqual({
      ok: false,
      problems: [{ rowNumber: 2, message: BANK_FILE_MESSAGES.nameUnwritable(['И', 'В', 'А', 'Н', '李']) }],
    })
  })
})

describe('Windows-1252 encoder', () => {
  it('refuses a character Windows-1252 cannot hold instead of writing a wrong byte', () => {
    expect(() => encodeRecords(['2A€'])).toThrow('U+20ac')
    expect(() => encodeRecords(['\u0085'])).toThrow('U+0085')
  })
})
