import { describe, expect, it } from 'vitest'
import { ROW_MESSAGES } from '../payroll/payroll-row'
import type { SheetCell } from '../sheets/sheet-cell'
import {
  checkVoucherRow,
  VOUCHER_ROW_MESSAGES as R,
  VOUCHER_TEMPLATE_HEADERS,
  voucherHeaderProblems,
} from './voucher-file'
import { VOUCHER_MESSAGES as M } from './voucher-schema'

const text = (value: string): SheetCell => ({ kind: 'text', text: value })
const num = (value: number, format?: string, shown?: string): SheetCell => ({
  kind: 'number',
  value,
  format,
  shown,
})
const RUC = '20100070970'
/** A factura row other than the template's example. */
const row = (overrides: Record<number, SheetCell> = {}) => {
  const cells: SheetCell[] = [
    text(RUC),
    text('01'),
    text('f002'),
    num(45),
    { kind: 'date', text: '2026-11-02' },
    text('30/11/2026'),
    num(1000),
    num(180),
    num(1180),
    text('Servicio'),
    text('LG-0002'),
    { kind: 'empty' },
  ]
  for (const [i, cell] of Object.entries(overrides)) cells[Number(i)] = cell
  return cells
}

describe('checkVoucherRow', () => {
  it('reads a good row: codes as meant, series in capitals, dates, amounts in céntimos', () => {
    expect(checkVoucherRow(row({ 1: num(1) }))).toEqual({
      values: {
        ruc: RUC,
        type: '01',
        series: 'F002',
        number: 45,
        issueDate: '2026-11-02',
        dueDate: '2026-11-30',
        baseCents: 100_000,
        igvCents: 18_000,
        totalCents: 118_000,
        description: 'Servicio',
        expenseLine: 'LG-0002',
        credited: null,
        recordingPeriod: null,
        currency: 'PEN',
      },
      problems: [],
    })
  })

  it("reads 'Moneda': blank is soles, USD in any case is dollars; another code or a recibo in dollars is refused", () => {
    expect(checkVoucherRow(row({ 13: text('usd') })).values?.currency).toBe('USD')
    expect(checkVoucherRow(row({ 13: text('EUR') })).problems).toEqual([
      { column: 'Moneda', value: 'EUR', message: 'Moneda debe ser soles (PEN) o dólares (USD)' },
    ])
    expect(checkVoucherRow(row({ 1: text('02'), 13: text('USD') })).problems).toEqual([
      { column: 'Moneda', value: 'USD', message: 'Los recibos por honorarios se registran en soles (PEN)' },
    ])
    // A file from the older template, without the column at all.
    expect(voucherHeaderProblems(VOUCHER_TEMPLATE_HEADERS.slice(0, -2))).toEqual([])
  })

  it('reads amounts as the cell shows them and refuses a format that hides the cents', () => {
    const { problems } = checkVoucherRow(row({ 6: num(999.99, '#,##0', '1,000'), 8: num(1179.99) }))
    expect(problems).toEqual([
      { column: 'Base imponible', value: '999.99', message: ROW_MESSAGES.amountHidden('1,000', '999.99') },
    ])
  })

  it('lists every problem of the row with its column', () => {
    const { values, problems } = checkVoucherRow(
      row({
        0: text('20100070971'),
        1: text('09'),
        3: text('0'),
        5: text('01/11/2026'),
        8: num(1190),
        11: text('F001-1'),
      }),
    )
    expect(values).toBeNull()
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      ['RUC del proveedor', R.rucInvalid],
      ['Tipo de comprobante', R.typeInvalid],
      ['Número', M.numberFormat],
      ['Fecha de vencimiento', M.dueBeforeIssue],
      ['Total', M.totalMismatch],
    ])
  })

  it('asks a credit note for the voucher it modifies, and no other type', () => {
    expect(checkVoucherRow(row({ 1: text('07') })).problems.map((p) => p.message)).toEqual([
      M.creditedRequired,
    ])
    expect(checkVoucherRow(row({ 1: text('07'), 11: text('f001 - 123') })).values?.credited).toEqual({
      series: 'F001',
      number: 123,
    })
    expect(checkVoucherRow(row({ 11: text('F001-123') })).problems.map((p) => p.message)).toEqual([
      M.creditedOnlyForCreditNote,
    ])
  })

  it("reads the optional 'Periodo de registro' (AAAAMM, text or number) within its window", () => {
    expect(checkVoucherRow(row({ 12: text('202612') })).values?.recordingPeriod).toBe('202612')
    expect(checkVoucherRow(row({ 12: num(202611) })).values?.recordingPeriod).toBe('202611')
    expect(checkVoucherRow(row({ 12: text('202610') })).problems).toEqual([
      {
        column: 'Periodo de registro',
        value: '202610',
        message: 'Periodo de registro no puede ser anterior al mes de emisión (202611)',
      },
    ])
    expect(checkVoucherRow(row({ 12: text('2026-12') })).problems.map((p) => p.message)).toEqual([
      'Periodo de registro debe tener el formato AAAAMM (p. ej. 202612)',
    ])
    expect(checkVoucherRow(row({ 12: text('202712') })).problems.map((p) => p.message)).toEqual([
      'Periodo de registro no puede ser posterior a 202711: como máximo 12 meses después del mes de emisión (202611)',
    ])
  })

  it("refuses the template's example row", () => {
    const { problems } = checkVoucherRow(row({ 2: text('F001'), 3: text('123') }))
    expect(problems[0].message).toBe(ROW_MESSAGES.templateExample)
  })
})

describe('voucherHeaderProblems', () => {
  it('accepts the template header whatever the spacing and case', () => {
    expect(voucherHeaderProblems(VOUCHER_TEMPLATE_HEADERS.map((h) => ` ${h.toUpperCase()} `))).toEqual([])
  })
  it("accepts a file of an older template, without the optional 'Periodo de registro' and 'Moneda' columns", () => {
    expect(VOUCHER_TEMPLATE_HEADERS.slice(-2)).toEqual(['Periodo de registro', 'Moneda'])
    expect(voucherHeaderProblems(VOUCHER_TEMPLATE_HEADERS.slice(0, -1))).toEqual([])
    expect(voucherHeaderProblems(VOUCHER_TEMPLATE_HEADERS.slice(0, -2))).toEqual([])
    expect(voucherHeaderProblems([...VOUCHER_TEMPLATE_HEADERS.slice(0, -2), 'Periodo'])).toEqual([
      "El encabezado de la columna M debe ser 'Periodo de registro' (se encontró 'Periodo')",
    ])
  })
})
