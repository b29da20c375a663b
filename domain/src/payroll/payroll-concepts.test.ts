import { describe, expect, it } from 'vitest'
import type { SheetCell } from '../sheets/sheet-cell'
import { AFP_RATE_MESSAGES } from './afp-rates'
import {
  CONCEPT_MESSAGES,
  conceptInPeriod,
  type PlameConceptRow,
  resolveAfpRates,
  resolveConcepts,
} from './payroll-concepts'
import { FILE_MESSAGES, PAYROLL_TEMPLATE_HEADERS, readPayrollHeader } from './payroll-file'
import { CONCEPTS_HEADER, JUNE_AFP_RATE, juneWorkerCells } from './payroll-fixtures'
import { checkPayrollRow, ROW_MESSAGES } from './payroll-row'

const banks = new Set(['002'])
const text = (t: string): SheetCell => ({ kind: 'text', text: t })
const num = (value: number, format?: string): SheetCell => ({ kind: 'number', value, format, shown: null })

const TABLE_22: PlameConceptRow[] = [
  {
    code: '0121',
    validFrom: '2011-01-01',
    validTo: null,
    description: 'Remuneración o jornal básico',
    kind: 1,
  },
  { code: '0201', validFrom: '2011-01-01', validTo: null, description: 'Asignación familiar', kind: 1 },
  { code: '0601', validFrom: '2011-01-01', validTo: null, description: 'Comisión AFP porcentual', kind: 2 },
  { code: '0606', validFrom: '2011-01-01', validTo: null, description: 'Prima de seguro AFP', kind: 2 },
  { code: '0608', validFrom: '2011-01-01', validTo: null, description: 'SPP - aporte obligatorio', kind: 2 },
  { code: '0804', validFrom: '2011-01-01', validTo: null, description: 'ESSALUD', kind: 3 },
  { code: '0999', validFrom: '2011-01-01', validTo: '2020-12-31', description: 'Retirado', kind: 1 },
]

// A concept's column may carry its name after the code.
const HEADERS = CONCEPTS_HEADER.map((header) => (header === '0608' ? '0608 AFP' : header))

function layoutFor(headers: string[], period = '202606') {
  const { layout, problems } = readPayrollHeader(headers)
  return { layout, problems: [...problems, ...resolveConcepts(layout, TABLE_22, period)] }
}

/** The June 2026 worked row: net S/ 2,266.78. */
function juneRow(amount = 2266.78): SheetCell[] {
  return [
    num(1),
    ...juneWorkerCells(),
    num(amount),
    num(2500),
    num(113),
    num(261.3),
    num(40.5),
    num(44.42),
    num(235.17),
    num(30),
    num(8.0208333333, '[h]:mm'),
    num(1.5),
    text('afp'),
    text('123456abcde7'),
  ]
}

describe('readPayrollHeader', () => {
  it('takes concept columns by code, with or without description, and the optional columns in any order', () => {
    const { layout, problems } = layoutFor(HEADERS)
    expect(problems).toEqual([])
    expect(layout.concepts.map((c) => [c.index, c.code, c.kind, c.description])).toEqual([
      [7, '0121', 1, 'Remuneración o jornal básico'],
      [8, '0201', 1, 'Asignación familiar'],
      [9, '0608', 2, 'SPP - aporte obligatorio'],
      [10, '0601', 2, 'Comisión AFP porcentual'],
      [11, '0606', 2, 'Prima de seguro AFP'],
      [12, '0804', 3, 'ESSALUD'],
    ])
    expect(layout.optional).toEqual({
      daysWorked: 13,
      ordinaryHours: 14,
      overtimeHours: 15,
      pensionSystem: 16,
      cuspp: 17,
    })
  })

  it('names the column of an unknown code, of a code not in force in the period, of a repeated code', () => {
    const { problems } = layoutFor([
      ...PAYROLL_TEMPLATE_HEADERS,
      '0121',
      '1234 Bono',
      '0999',
      '0121 Básico',
      'Notas',
    ])
    expect(problems).toEqual([
      FILE_MESSAGES.extraColumn('L', 'Notas'),
      CONCEPT_MESSAGES.repeatedColumn('K', '0121 Básico', 'H'),
      CONCEPT_MESSAGES.conceptUnknown('I', '1234 Bono', '1234'),
      CONCEPT_MESSAGES.conceptNotInPeriod('J', '0999', '0999', '202606'),
    ])
    expect(CONCEPT_MESSAGES.conceptNotInPeriod('J', '0999', '0999', '202606')).toContain('06/2026')
  })

  it('keeps the old template as it was', () => {
    expect(layoutFor([...PAYROLL_TEMPLATE_HEADERS]).problems).toEqual([])
  })
})

describe('conceptInPeriod', () => {
  it('takes the row in force in the month', () => {
    const rows: PlameConceptRow[] = [
      { code: '0105', validFrom: '2011-01-01', validTo: '2026-06-14', description: 'antes', kind: 1 },
      { code: '0105', validFrom: '2026-06-15', validTo: null, description: 'después', kind: 1 },
    ]
    expect(conceptInPeriod(rows, '0105', '202606')?.description).toBe('después')
    expect(conceptInPeriod(rows, '0105', '202605')?.description).toBe('antes')
    expect(conceptInPeriod(rows, '0105', '201012')).toBeNull()
  })
})

describe('checkPayrollRow with concepts', () => {
  const { layout } = layoutFor(HEADERS)
  const optional = { layout, headers: HEADERS }

  it('reads the June 2026 row: its concepts in céntimos, days, minutes and pension data', () => {
    const result = checkPayrollRow(juneRow(), banks, optional)
    expect(result.problems).toEqual([])
    expect(result.values?.amount).toBe('2266.78')
    expect(result.values?.extras).toEqual({
      concepts: [
        { column: 0, cents: 250000 },
        { column: 1, cents: 11300 },
        { column: 2, cents: 26130 },
        { column: 3, cents: 4050 },
        { column: 4, cents: 4442 },
        { column: 5, cents: 23517 },
      ],
      daysWorked: 30,
      ordinaryMinutes: 192 * 60 + 30,
      overtimeMinutes: 90,
      pensionSystem: 'AFP',
      cuspp: '123456ABCDE7',
      afp: null,
      afpCommission: null,
    })
  })

  it('refuses a row whose net differs from its amount, naming both figures', () => {
    const result = checkPayrollRow(juneRow(2266.79), banks, optional)
    expect(result.values).toBeNull()
    expect(result.problems).toEqual([
      { column: 'Monto (S/)', value: '2266.79', message: CONCEPT_MESSAGES.net(226678, 226679) },
    ])
    expect(result.problems[0].message).toContain('S/ 2,266.78')
    expect(result.problems[0].message).toContain('S/ 2,266.79')
  })

  it('names the column of a bad optional cell and does not compare the net then', () => {
    const cells = juneRow()
    cells[9] = num(-261.3)
    cells[13] = num(32)
    cells[16] = text('SNP')
    cells[17] = text('12345')
    expect(checkPayrollRow(cells, banks, optional).problems).toEqual([
      { column: '0608 AFP', value: '-261.3', message: CONCEPT_MESSAGES.conceptNegative },
      { column: 'Días laborados', value: '32', message: CONCEPT_MESSAGES.days },
      { column: 'Régimen pensionario', value: 'SNP', message: CONCEPT_MESSAGES.pensionSystem },
      { column: 'CUSPP', value: '12345', message: CONCEPT_MESSAGES.cuspp },
    ])
  })

  it('holds a concept cell to the amount rule: two decimals, what it shows is what it holds', () => {
    const cells = juneRow()
    cells[8] = num(113.001)
    cells[10] = { kind: 'number', value: 40.5, format: '#,##0', shown: '41' }
    cells[11] = text('44.42')
    const problems = checkPayrollRow(cells, banks, optional).problems
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      ['0201', ROW_MESSAGES.amountDecimals],
      ['0601', ROW_MESSAGES.amountHidden('41', '40.50')],
      ['0606', CONCEPT_MESSAGES.conceptNumber],
    ])
  })

  it('stores nothing for an empty or zero concept, and counts it as zero in the net', () => {
    const cells = juneRow(2266.78)
    cells[8] = num(0)
    cells[7] = num(2613)
    const result = checkPayrollRow(cells, banks, optional)
    expect(result.problems).toEqual([])
    expect(result.values?.extras?.concepts.map((c) => c.column)).toEqual([0, 2, 3, 4, 5])
  })

  it('still refuses data under a column the header does not name', () => {
    const cells = [...juneRow(), text('x')]
    expect(checkPayrollRow(cells, banks, optional).problems).toEqual([
      { column: 'S', value: 'x', message: ROW_MESSAGES.extraData },
    ])
  })
})

describe('checkPayrollRow with AFP rates', () => {
  const headers = [...HEADERS, 'AFP', 'Tipo de comisión AFP']
  const { layout } = layoutFor(headers)
  resolveAfpRates(layout, [JUNE_AFP_RATE], '202606')
  const optional = { layout, headers }
  const row = (afp: string, type: string, commission = 40.5) => {
    const cells = [...juneRow(2266.78 + 40.5 - commission), text(afp), text(type)]
    cells[10] = num(commission)
    return cells
  }

  it('reads the AFP (also as AFP INTEGRA) and the commission type, and passes the June vector', () => {
    const result = checkPayrollRow(row('AFP Integra', 'flujo'), banks, optional)
    expect(result.problems).toEqual([])
    expect(result.values?.extras).toMatchObject({ afp: 'INTEGRA', afpCommission: 'FLUJO' })
  })

  it('refuses a wrong commission in its column, and an unknown AFP or commission type', () => {
    expect(checkPayrollRow(row('INTEGRA', 'FLUJO', 41), banks, optional).problems).toEqual([
      {
        column: '0601',
        value: '41.00',
        message: AFP_RATE_MESSAGES.amount('0601', 'comisión', 'INTEGRA', 4050, 4100, '1.55'),
      },
    ])
    expect(checkPayrollRow(row('HORIZONTE', 'SALDO'), banks, optional).problems).toEqual([
      { column: 'AFP', value: 'HORIZONTE', message: CONCEPT_MESSAGES.afp },
      { column: 'Tipo de comisión AFP', value: 'SALDO', message: CONCEPT_MESSAGES.afpCommission },
    ])
  })

  it('compares nothing without the commission type, or for an AFP without rates', () => {
    expect(checkPayrollRow(row('INTEGRA', '', 41), banks, optional).problems).toEqual([])
    expect(checkPayrollRow(row('PRIMA', 'FLUJO', 41), banks, optional).problems).toEqual([])
  })
})
