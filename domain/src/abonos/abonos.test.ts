import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { todayInLima } from '../common/format'
import { ROW_MESSAGES } from '../payroll/payroll-row'
import type { SheetCell } from '../sheets/sheet-cell'
import {
  PAYMENT_TEMPLATE_EXAMPLE,
  PAYMENT_TEMPLATE_HEADERS,
  paymentHeaderProblems,
  receiptKey,
} from './abono-file'
import { checkPaymentRow, PAYMENT_ROW_MESSAGES } from './abono-row'
import { PAYMENT_UPLOAD_MESSAGES as M, PaymentBatchFieldsSchema } from './abonos'

const text = (t: string): SheetCell => ({ kind: 'text', text: t })
const num = (value: number): SheetCell => ({ kind: 'number', value })
const empty: SheetCell = { kind: 'empty' }

describe('payment upload fields', () => {
  const today = todayInLima()
  it('accepts today and drops a blank description', () => {
    expect(
      PaymentBatchFieldsSchema.parse({ payrollNumber: ' PL-1 ', payrollDesc: ' ', paymentDate: today }),
    ).toEqual({
      payrollNumber: 'PL-1',
      payrollDesc: null,
      paymentDate: today,
    })
  })
  it('says what is wrong with each field', () => {
    const messages = (input: object) =>
      PaymentBatchFieldsSchema.safeParse(input).error?.issues.map((i) => i.message) ?? []
    expect(messages({})).toEqual([M.payrollNumber, M.paymentDate])
    expect(
      messages({
        payrollNumber: 'x'.repeat(51),
        payrollDesc: 'x'.repeat(101),
        paymentDate: dayjs(today).add(1, 'day').format('YYYY-MM-DD'),
      }),
    ).toEqual([M.payrollNumberMax, M.payrollDescMax, M.paymentDateFuture])
    // Typed as a clerk does (DD/MM/AAAA) it is read; what is not a calendar day is refused.
    expect(messages({ payrollNumber: 'x'.repeat(50), paymentDate: '20/11/2026' })).toEqual([])
    expect(messages({ payrollNumber: 'x'.repeat(50), paymentDate: '30/02/2026' })).toEqual([
      M.paymentDateInvalid,
    ])
  })
})

describe('payments file', () => {
  it('checks the header against the template, ignoring case and spacing', () => {
    expect(paymentHeaderProblems(PAYMENT_TEMPLATE_HEADERS.map((h) => ` ${h.toUpperCase()} `))).toEqual([])
    expect(paymentHeaderProblems([...PAYMENT_TEMPLATE_HEADERS, 'Extra'])).toEqual([
      "La columna F ('Extra') no es de la plantilla: el archivo debe tener solo las columnas de la plantilla",
    ])
  })
  it('compares receipt names without folders, case or the .pdf the clerk left out', () => {
    expect(receiptKey('C:\\Bancos\\Constancia-01')).toBe('constancia-01.pdf')
    expect(receiptKey(' constancia-01.PDF ')).toBe('constancia-01.pdf')
  })
})

describe('payments row', () => {
  it('reads a usable row', () => {
    expect(
      checkPaymentRow([num(1), text('01234567'), num(1500.5), text('000987654'), text('a.PDF')]),
    ).toEqual({
      values: {
        identifierType: 1,
        identifier: '01234567',
        amount: '1500.50',
        operationNumber: '000987654',
        receipt: 'a.pdf',
      },
      problems: [],
    })
  })
  it('refuses an operation number typed as a number unless a format of zeros shows every digit', () => {
    const cells = (operation: SheetCell) => [num(1), text('01234567'), num(1500.5), operation, empty]
    expect(checkPaymentRow(cells(num(987654))).problems.map((p) => p.message)).toEqual([
      PAYMENT_ROW_MESSAGES.operationAsText,
    ])
    const padded = checkPaymentRow(cells({ kind: 'number', value: 987654, format: '000000000' }))
    expect(padded.values?.operationNumber).toBe('000987654')
  })
  it('stores an operation number as the cell shows it, and checks amounts as the payroll does', () => {
    const cells = (amount: SheetCell, operation: string) => [
      num(1),
      text('01234567'),
      amount,
      text(operation),
      empty,
    ]
    expect(checkPaymentRow(cells(num(1500.5), 'op-0005')).values?.operationNumber).toBe('op-0005')
    const hidden = checkPaymentRow(
      cells({ kind: 'number', value: 999.99, format: '#,##0', shown: '1,000' }, 'OP-1'),
    )
    expect(hidden.problems).toEqual([
      {
        column: 'Monto abonado (S/)',
        value: '999.99',
        message: ROW_MESSAGES.amountHidden('1,000', '999.99'),
      },
    ])
    expect(checkPaymentRow(cells(num(1500.5), 'OP\u200b-1')).problems.map((p) => p.message)).toEqual([
      ROW_MESSAGES.invisible('U+200B, espacio de ancho cero', 3),
    ])
  })
  it('refuses the template example row', () => {
    const cells = PAYMENT_TEMPLATE_EXAMPLE.map((v): SheetCell => (typeof v === 'number' ? num(v) : text(v)))
    expect(checkPaymentRow(cells).problems.map((p) => p.message)).toEqual([ROW_MESSAGES.templateExample])
  })
  it('reports every bad cell of a row', () => {
    const { values, problems } = checkPaymentRow([
      num(3),
      num(1234567),
      text('1,500.00'),
      text('OP 1'),
      empty,
      text('x'),
    ])
    expect(values).toBeNull()
    expect(problems.map((p) => [p.column, p.message])).toEqual([
      [
        'Tipo de documento',
        'Tipo de documento inválido: use el código SUNAT (1 DNI, 4 Carné de extranjería, 6 RUC, 7 Pasaporte…)',
      ],
      ['Monto abonado (S/)', 'Monto debe estar en una celda numérica, no como texto'],
      ['Número de operación', 'Número de operación solo admite letras, dígitos y guiones'],
      ['F', 'La fila tiene datos fuera de las columnas de la plantilla'],
    ])
    expect(
      checkPaymentRow([num(1), num(1234567), num(10.005), empty]).problems.map((p) => p.message),
    ).toEqual([
      'El DNI debe tener 8 dígitos: escriba la columna como texto para conservar los ceros a la izquierda',
      'Monto admite como máximo 2 decimales',
      'Número de operación es requerido',
    ])
  })
})
