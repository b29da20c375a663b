import { describe, expect, it } from 'vitest'
import { paymentLine } from './bank-file-fixtures'
import {
  BANK_FILE_MESSAGES,
  buildFixedWidthFile,
  type FileTotals,
  type FixedWidthFormat,
  headerProblems,
  lineAmount,
  lineName,
  type PaymentFileHeader,
  padText,
  type TotalsPart,
} from './common'

/**
 * The parts the fixed-width formats share (BCP, BBVA, the generic CCI): the order's checks, a
 * line's name and amount, and the whole file in memory. Each format's own test checks its bytes.
 */
const header: PaymentFileHeader = {
  debitBankCode: '002',
  debitAccount: '1910123456078',
  currency: 'PEN',
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre',
}
const line = paymentLine

const debit = {
  bankCode: '002',
  bankName: 'BCP',
  accountProblem: (account: string) => (/^\d{13}$/.test(account) ? null : 'formato'),
}

describe('headerProblems', () => {
  it('passes a soles order from an account of the bank with a reference that fits', () => {
    expect(headerProblems(header, { referenceMax: 40, debit })).toEqual([])
    expect(headerProblems(header, { referenceMax: 40 })).toEqual([])
  })

  it('lists the currency, the debit account and the reference, in that order, for the whole order', () => {
    const bad = { ...header, currency: 'USD', debitBankCode: '011', reference: 'R'.repeat(11) }
    expect(headerProblems(bad, { referenceMax: 10, debit })).toEqual([
      { rowNumber: null, message: BANK_FILE_MESSAGES.currency },
      { rowNumber: null, message: BANK_FILE_MESSAGES.debitAccount('BCP') },
      { rowNumber: null, message: BANK_FILE_MESSAGES.reference(10) },
    ])
  })

  it("asks the format about the account only when it is of the format's bank", () => {
    expect(headerProblems({ ...header, debitAccount: '12' }, { referenceMax: 40, debit })).toEqual([
      { rowNumber: null, message: 'formato' },
    ])
    // Without a debit rule (the generic CCI) any account goes.
    expect(headerProblems({ ...header, debitBankCode: '011' }, { referenceMax: 40 })).toEqual([])
  })

  it("measures the reference as the bank writes it (accents and signs the bank drops don't count)", () => {
    expect(headerProblems({ ...header, reference: 'Ñandú  ¡ ' }, { referenceMax: 5 })).toEqual([])
  })
})

describe('lineName', () => {
  it('writes the name as banks take it and adds no problem when it fits', () => {
    const problems: string[] = []
    expect(lineName('Pérez Ñahui, José', problems, { max: 75 })).toBe('PEREZ ÑAHUI, JOSE')
    expect(problems).toEqual([])
  })

  it('refuses a name longer than the field with max, cuts it (no trailing space) with cut', () => {
    const long = 'Ana María de los Ángeles Fernández'
    const refused: string[] = []
    expect(lineName(long, refused, { max: 20 })).toBe('ANA MARIA DE LOS ANGELES FERNANDEZ')
    expect(refused).toEqual([BANK_FILE_MESSAGES.nameLength(20, 34)])
    const cut: string[] = []
    expect(lineName(long, cut, { cut: 10 })).toBe('ANA MARIA')
    expect(cut).toEqual([])
  })

  it('names the letters it cannot write; an empty name after cleaning is its own problem', () => {
    const cyrillic: string[] = []
    lineName('Иван Pérez', cyrillic, { max: 75 })
    expect(cyrillic).toEqual([BANK_FILE_MESSAGES.nameUnwritable(['И', 'В', 'А', 'Н'])])
    const empty: string[] = []
    expect(lineName(' ¡! ', empty, { cut: 40 })).toBe('')
    expect(empty).toEqual([BANK_FILE_MESSAGES.nameEmpty])
  })

  it('adds to the problems found before, after them', () => {
    const problems = ['antes']
    lineName('', problems, { max: 10 })
    expect(problems).toEqual(['antes', BANK_FILE_MESSAGES.nameEmpty])
  })
})

describe('lineAmount', () => {
  it('gives the céntimos below the limit, refuses the limit itself and leaves a bad amount to the common checks', () => {
    const problems: string[] = []
    expect(lineAmount(line({ amount: '999.99' }), 100_000n, problems)).toBe(99_999n)
    expect(problems).toEqual([])
    expect(lineAmount(line({ amount: '1000' }), 100_000n, problems)).toBe(100_000n)
    expect(problems).toEqual([BANK_FILE_MESSAGES.amountTooLarge])
    const bad: string[] = []
    expect(lineAmount(line({ amount: '1.234' }), 100_000n, bad)).toBeNull()
    expect(bad).toEqual([])
  })
})

/** A toy layout: 'H' + count + total, 'D' + name X(10) + amount; the checksum counts the lines. */
type Toy = TotalsPart & { name: string }
const toy: FixedWidthFormat<Toy, { mark: string }> = {
  checkHeader: (h) => headerProblems(h, { referenceMax: 20 }),
  checkLine: (l) => {
    const problems: string[] = []
    const name = lineName(l.fullName, problems, { cut: 10 })
    const cents = lineAmount(l, 10n ** 8n, problems)
    if (cents === null) problems.push(BANK_FILE_MESSAGES.amount)
    return problems.length
      ? { problems }
      : { problems, checked: { name, cents: cents as bigint, checksumPart: 1n } }
  },
  totalsStart: () => ({ count: 0, totalCents: 0n, checksum: 0n }),
  checkTotals: (t: FileTotals) => (t.totalCents > 10n ** 6n ? [{ rowNumber: null, message: 'total' }] : []),
  context: (h) => ({ mark: h.reference.slice(0, 1) }),
  headerRecord: (_h, c, t) =>
    `H${c.mark}${String(t.count).padStart(3, '0')}${String(t.totalCents).padStart(8, '0')}`,
  detailRecord: (_l, c, x) => `D${x.mark}${padText(c.name, 10)}${String(c.cents).padStart(8, '0')}`,
  checksumText: (t) => String(t.checksum),
}

describe('buildFixedWidthFile', () => {
  it('writes the details in order and the header first, from the totals of every line', () => {
    const result = buildFixedWidthFile(toy, header, [
      line({ fullName: 'José Pérez García' }),
      line({ rowNumber: 3, fullName: 'Ana', amount: '20' }),
    ])
    expect(result).toEqual({
      ok: true,
      file: {
        records: ['HH00200152050', 'DHJOSE PEREZ00150050', 'DHANA       00002000'],
        count: 2,
        totalCents: 152_050n,
        checksum: '2',
      },
    })
  })

  it("lists the order's problems, no lines, and every line's problems with its row, and writes nothing", () => {
    expect(buildFixedWidthFile(toy, { ...header, currency: 'USD' }, [])).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BANK_FILE_MESSAGES.currency },
        { rowNumber: null, message: BANK_FILE_MESSAGES.noLines },
      ],
    })
    expect(
      buildFixedWidthFile(toy, header, [
        line({ rowNumber: 2, amount: '0' }),
        line({ rowNumber: 3 }),
        line({ rowNumber: 4, fullName: '¡!', amount: '2000000' }),
      ]),
    ).toEqual({
      ok: false,
      problems: [
        { rowNumber: 2, message: BANK_FILE_MESSAGES.amount },
        { rowNumber: 4, message: BANK_FILE_MESSAGES.nameEmpty },
        { rowNumber: 4, message: BANK_FILE_MESSAGES.amountTooLarge },
      ],
    })
  })

  it('refuses the file when only the totals fail their check', () => {
    const lines = [line({ amount: '6000' }), line({ rowNumber: 3, amount: '6000' })]
    expect(buildFixedWidthFile(toy, header, lines)).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: 'total' }],
    })
  })
})
