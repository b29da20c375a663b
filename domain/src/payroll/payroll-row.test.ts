import { describe, expect, it } from 'vitest'
import { CCI_ACCOUNT_MESSAGES } from '../banks/cci-account'
import { buildCci } from '../common/identifiers'
import { columnLetter, isBlankRow, type SheetCell } from '../sheets/sheet-cell'
import {
  FILE_MESSAGES,
  headerProblems,
  PAYROLL_TEMPLATE_EXAMPLE,
  PAYROLL_TEMPLATE_HEADERS,
} from './payroll-file'
import { JUNE_CCI as CCI, juneWorkerCells } from './payroll-fixtures'
import { checkPayrollRow, ROW_MESSAGES } from './payroll-row'

const banks = new Set(['002', '003', '011'])
const text = (t: string): SheetCell => ({ kind: 'text', text: t })
const num = (value: number): SheetCell => ({ kind: 'number', value })

function row(overrides: Partial<Record<number, SheetCell>> = {}): SheetCell[] {
  const cells = [num(1), ...juneWorkerCells(), num(1850.5)]
  for (const [i, cell] of Object.entries(overrides)) cells[Number(i)] = cell as SheetCell
  return cells
}
const messages = (cells: SheetCell[]) => checkPayrollRow(cells, banks).problems.map((p) => p.message)

describe('checkPayrollRow', () => {
  it('refuses a valid CCI of another account where the bank builds CCIs from accounts', () => {
    const other = buildCci('002', '191', '012345678014')
    expect(messages(row({ 5: text(other) }))).toEqual([CCI_ACCOUNT_MESSAGES.mismatch])
    // A bank without a confirmed rule: the pair is not refused (a person confirms it).
    const nation = row({ 3: text('018'), 4: text('04005880586'), 5: text('01800000400588058608') })
    expect(checkPayrollRow(nation, new Set(['018'])).problems).toEqual([])
  })

  it('reads a valid row into the values of a line', () => {
    expect(checkPayrollRow(row(), banks)).toEqual({
      values: {
        identifierType: 1,
        identifier: '45678912',
        bankCode: '002',
        bankAccount: '19112345678013',
        bankInterAccount: CCI,
        amount: '1850.50',
      },
      problems: [],
      document: { identifierType: 1, identifier: '45678912' },
    })
  })

  it('accepts codes and numbers the way spreadsheets store them', () => {
    const result = checkPayrollRow(
      row({
        0: text(' 1 '),
        1: num(45678912),
        3: num(2),
        4: text('191-1234-5678 013'),
        5: { kind: 'empty' },
      }),
      banks,
    )
    expect(result.values).toMatchObject({
      identifierType: 1,
      identifier: '45678912',
      bankCode: '002',
      bankAccount: '19112345678013',
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

  it("takes the catalogue's banks with their status: a suspended bank is refused by name", () => {
    const catalogue = new Map([
      ['002', true],
      ['801', true],
      ['053', false],
    ])
    const caja = buildCci('801', '100', '000123456789')
    expect(checkPayrollRow(row({ 3: text('801'), 5: text(caja) }), catalogue).values).toMatchObject({
      bankCode: '801',
      bankInterAccount: caja,
    })
    expect(checkPayrollRow(row({ 3: text('053'), 5: { kind: 'empty' } }), catalogue).problems).toEqual([
      { column: 'Código de banco', value: '053', message: ROW_MESSAGES.bankInactive('053') },
    ])
    expect(checkPayrollRow(row({ 3: text('099') }), catalogue).problems[0].message).toBe(
      'Código de banco no registrado: 099',
    )
  })

  it.each([
    ['three decimals', { 6: num(10.005) }, ROW_MESSAGES.amountDecimals],
    ['zero amount', { 6: num(0) }, ROW_MESSAGES.amountPositive],
    ['amount as text', { 6: text('1500.00') }, ROW_MESSAGES.amountText],
    ['amount in words', { 6: text('mil soles') }, ROW_MESSAGES.amountNumeric],
    ['amount as a date', { 6: { kind: 'date', text: '2026-11-30' } }, ROW_MESSAGES.amountDate],
    ['a formula', { 6: { kind: 'formula', text: '=A1*2' } }, ROW_MESSAGES.formula],
    ['amount too large', { 6: num(10_000_000_000) }, ROW_MESSAGES.amountMax],
    ['amount far too large (written with an exponent)', { 6: num(1e21) }, ROW_MESSAGES.amountMax],
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

  describe('digit strings typed as numbers (no silent loss of leading zeros)', () => {
    const zeros = (value: number, format: string): SheetCell => ({ kind: 'number', value, format })
    it('refuses an account in a General, text or plain number cell: its zeros may be gone', () => {
      for (const cell of [num(817544861267), zeros(817544861267, '@'), zeros(817544861267, '0')]) {
        expect(checkPayrollRow(row({ 4: cell, 5: { kind: 'empty' } }), banks).problems).toEqual([
          { column: 'Número de cuenta', value: '817544861267', message: ROW_MESSAGES.accountAsText },
        ])
      }
    })
    it('reads an account padded by a format of zeros as the cell shows it', () => {
      const result = checkPayrollRow(
        row({ 4: zeros(817544861267, '0000000000000'), 5: { kind: 'empty' } }),
        banks,
      )
      expect(result.values?.bankAccount).toBe('0817544861267')
    })
    it('takes a DNI or RUC number of its full length (no zero can be missing) and a padded one', () => {
      expect(checkPayrollRow(row({ 1: num(45678913) }), banks).values?.identifier).toBe('45678913')
      expect(checkPayrollRow(row({ 1: zeros(4567891, '00000000') }), banks).values?.identifier).toBe(
        '04567891',
      )
      expect(checkPayrollRow(row({ 0: num(6), 1: num(20512333797) }), banks).values?.identifier).toBe(
        '20512333797',
      )
    })
    it('refuses a number for a document without a fixed length', () => {
      expect(messages(row({ 0: num(4), 1: num(123456789) }))).toEqual([ROW_MESSAGES.documentAsText])
      expect(messages(row({ 1: num(123456789) }))).toEqual(['El DNI debe tener 8 dígitos'])
    })
  })

  describe('amounts as the cell shows them', () => {
    const shown = (value: number, format: string, text: string | null): SheetCell => ({
      kind: 'number',
      value,
      format,
      shown: text,
    })
    const amount = (cell: SheetCell) => checkPayrollRow(row({ 6: cell }), banks)

    it.each([
      [
        'a format that hides the cents',
        shown(999.99, '#,##0', '1,000'),
        ROW_MESSAGES.amountHidden('1,000', '999.99'),
      ],
      [
        'a format that rounds',
        shown(1234.5, '#,##0', '1,235'),
        ROW_MESSAGES.amountHidden('1,235', '1234.50'),
      ],
      ['a percent', shown(1500.5, '0.00%', '150050.00%'), ROW_MESSAGES.amountHidden('150050.00%', '1500.50')],
      ['a fraction', shown(0.1, '# ?/?', ' 1/9'), ROW_MESSAGES.amountFraction('0.10')],
      [
        'an exponent',
        shown(1500.5, '0.00E+00', '1.50E+03'),
        ROW_MESSAGES.amountHidden('1.50E+03', '1500.50'),
      ],
      ['a format that shows nothing', shown(1500.5, ';;;', ''), ROW_MESSAGES.amountHidden('', '1500.50')],
      ['one decimal of two', shown(1500.55, '0.0', '1500.6'), ROW_MESSAGES.amountHidden('1500.6', '1500.55')],
      ['a format that cannot be read', shown(1500.5, '[[x', null), ROW_MESSAGES.amountFormatUnknown('[[x')],
    ])('refuses %s, naming what it shows and what it holds', (_label, cell, message) => {
      expect(amount(cell).problems).toEqual([
        { column: 'Monto (S/)', value: String((cell as { value: number }).value), message },
      ])
    })

    it.each([
      shown(1500.5, '#,##0.00', '1,500.50'),
      shown(1500.5, '0.00', '1500.50'),
      shown(1500.5, '"S/ "#,##0.00', 'S/ 1,500.50'),
      shown(1500.5, '_("S/"* #,##0.00_)', ' S/1,500.50 '),
      shown(1500.5, '0.0', '1500.5'),
      shown(1500.5, '@', '1500.5'),
    ])('accepts a format that shows the amount exactly: %o', (cell) => {
      expect(amount(cell).values?.amount).toBe('1500.50')
    })

    it('reads binary noise below what Excel shows as the number the cell shows', () => {
      expect(amount(num(1849.999999999999)).values?.amount).toBe('1850.00')
      expect(amount(shown(1849.999999999999, '#,##0.00', '1,850.00')).values?.amount).toBe('1850.00')
      expect(amount(num(1849.995)).problems[0].message).toBe(ROW_MESSAGES.amountDecimals)
    })
  })

  it('names an invisible character and where it is, not a puzzling rule', () => {
    expect(checkPayrollRow(row({ 1: text('4567\u200b8912') }), banks).problems).toEqual([
      {
        column: 'Número de documento',
        value: '4567\u200b8912',
        message: ROW_MESSAGES.invisible('U+200B, espacio de ancho cero', 5),
      },
    ])
    expect(messages(row({ 4: text('\u2060' + '19112345678013') }))).toEqual([
      ROW_MESSAGES.invisible('U+2060, unión de palabras', 1),
    ])
    // The name is only a reference: harmless there.
    expect(messages(row({ 2: text('ROSA\u200bQUISPE') }))).toEqual([])
  })

  it('refuses the template example row', () => {
    const cells = PAYROLL_TEMPLATE_EXAMPLE.map((v): SheetCell => (typeof v === 'number' ? num(v) : text(v)))
    const result = checkPayrollRow(cells, banks)
    expect(result.values).toBeNull()
    expect(result.problems.map((p) => p.message)).toEqual([ROW_MESSAGES.templateExample])
  })

  it('gives the document of a row with other problems, for repeated documents', () => {
    expect(checkPayrollRow(row({ 6: num(-1) }), banks).document).toEqual({
      identifierType: 1,
      identifier: '45678912',
    })
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
