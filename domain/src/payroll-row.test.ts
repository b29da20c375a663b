import { describe, expect, it } from 'vitest'
import { buildCci } from './identifiers'
import { columnLetter, FILE_MESSAGES, headerProblems, PAYROLL_TEMPLATE_HEADERS } from './payroll-file'
import { checkPayrollRow, isBlankRow, ROW_MESSAGES, type SheetCell } from './payroll-row'

const banks = new Set(['002', '003', '011'])
const text = (t: string): SheetCell => ({ kind: 'text', text: t })
const num = (value: number): SheetCell => ({ kind: 'number', value })
const CCI = buildCci('002', '191', '000123456789')

function row(overrides: Partial<Record<number, SheetCell>> = {}): SheetCell[] {
  const cells = [
    num(1),
    text('45678912'),
    text('ROSA QUISPE'),
    text('002'),
    text('19112345678012'),
    text(CCI),
    num(1850.5),
  ]
  for (const [i, cell] of Object.entries(overrides)) cells[Number(i)] = cell as SheetCell
  return cells
}
const messages = (cells: SheetCell[]) => checkPayrollRow(cells, banks).problems.map((p) => p.message)

describe('checkPayrollRow', () => {
  it('reads a valid row into the values of a line', () => {
    expect(checkPayrollRow(row(), banks)).toEqual({
      values: {
        identifierType: 1,
        identifier: '45678912',
        bankCode: '002',
        bankAccount: '19112345678012',
        bankInterAccount: CCI,
        amount: '1850.50',
      },
      problems: [],
    })
  })

  it('accepts codes and numbers the way spreadsheets store them', () => {
    const result = checkPayrollRow(
      row({
        0: text(' 1 '),
        1: num(45678912),
        3: num(2),
        4: text('191-1234-5678 012'),
        5: { kind: 'empty' },
      }),
      banks,
    )
    expect(result.values).toMatchObject({
      identifierType: 1,
      identifier: '45678912',
      bankCode: '002',
      bankAccount: '19112345678012',
      bankInterAccount: null,
    })
  })

  it('reports every problem of a row with its column and value', () => {
    const result = checkPayrollRow(row({ 0: text('X'), 3: text('099'), 6: num(-3) }), banks)
    expect(result.values).toBeNull()
    expect(result.problems).toEqual([
      { column: 'Tipo de documento', value: 'X', message: ROW_MESSAGES.typeInvalid },
      { column: 'Código de banco', value: '099', message: ROW_MESSAGES.bankUnknown('099') },
      { column: 'Monto (S/)', value: '-3', message: ROW_MESSAGES.amountPositive },
    ])
  })

  it.each([
    ['three decimals', { 6: num(10.005) }, ROW_MESSAGES.amountDecimals],
    ['zero amount', { 6: num(0) }, ROW_MESSAGES.amountPositive],
    ['amount as text', { 6: text('1500.00') }, ROW_MESSAGES.amountText],
    ['amount in words', { 6: text('mil soles') }, ROW_MESSAGES.amountNumeric],
    ['amount as a date', { 6: { kind: 'date', text: '2026-11-30' } }, ROW_MESSAGES.amountDate],
    ['a formula', { 6: { kind: 'formula', text: '=A1*2' } }, ROW_MESSAGES.formula],
    ['amount too large', { 6: num(10_000_000_000) }, ROW_MESSAGES.amountMax],
    ['document as a date', { 1: { kind: 'date', text: '2026-01-01' } }, ROW_MESSAGES.identifierDate],
    ['DNI typed as a number without its zero', { 1: num(1234567) }, ROW_MESSAGES.dniLeadingZeros],
    ['DNI of 7 digits', { 1: text('4567891') }, 'El DNI debe tener 8 dígitos'],
    [
      'RUC with a bad check digit',
      { 0: num(6), 1: text('20512333798') },
      'RUC inválido: el dígito verificador no corresponde',
    ],
    ['an Excel error', { 1: { kind: 'error', text: '#N/A' } }, ROW_MESSAGES.cellError('#N/A')],
    ['a 100,000-character cell', { 2: text('x'.repeat(100_000)) }, ROW_MESSAGES.tooLong(100_000)],
    ['bank by name', { 3: text('BCP') }, ROW_MESSAGES.bankFormat],
    ['account with letters', { 4: text('12AB') }, ROW_MESSAGES.accountNumeric],
    ['account of 21 digits', { 4: text('1'.repeat(21)) }, ROW_MESSAGES.accountLength],
    [
      'account as a long number',
      // biome-ignore lint/correctness/noPrecisionLoss: the point: Excel stored the account as a lossy number
      { 4: num(1.9112345678012345e19) },
      ROW_MESSAGES.longNumber('Número de cuenta'),
    ],
    ['CCI with bad check digits', { 5: text('00212345678901234567') }, ROW_MESSAGES.cciCheck],
    ['CCI of 7 digits', { 5: text('0021234') }, ROW_MESSAGES.cciLength],
    ['CCI of another bank', { 3: text('011') }, ROW_MESSAGES.cciBank('011')],
    ['CCI as a number', { 5: num(2.19100012345678e19) }, ROW_MESSAGES.longNumber('CCI')],
  ] as [string, Partial<Record<number, SheetCell>>, string][])('rejects %s', (_label, overrides, message) => {
    expect(messages(row(overrides))).toEqual([message])
  })

  it('rejects data beyond the template columns', () => {
    const cells = [...row(), { kind: 'empty' } as SheetCell, text('nota')]
    expect(checkPayrollRow(cells, banks).problems).toEqual([
      { column: 'I', value: 'nota', message: ROW_MESSAGES.extraData },
    ])
  })

  it('tells blank rows apart', () => {
    expect(isBlankRow([{ kind: 'empty' }, text('  ')])).toBe(true)
    expect(isBlankRow(row())).toBe(false)
  })
})

describe('headerProblems', () => {
  it('accepts the template header regardless of spacing and case', () => {
    expect(headerProblems(PAYROLL_TEMPLATE_HEADERS.map((h) => ` ${h.toUpperCase()} `))).toEqual([])
  })

  it('names each wrong, missing or extra column', () => {
    const cells = [...PAYROLL_TEMPLATE_HEADERS]
    cells[1] = 'Num doc'
    cells[6] = ''
    expect(headerProblems([...cells, 'Observaciones'])).toEqual([
      FILE_MESSAGES.headerMismatch('B', 'Número de documento', 'Num doc'),
      FILE_MESSAGES.headerMismatch('G', 'Monto (S/)', ''),
      FILE_MESSAGES.extraColumn('H', 'Observaciones'),
    ])
    expect(headerProblems([])).toEqual([FILE_MESSAGES.empty])
  })

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA'])
  })
})
