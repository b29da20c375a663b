import { PAYMENT_BATCH_STATUS } from '@planillas/domain'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BANK_RESULT_MESSAGES, bankResultMapper } from './read-bank-result'

let h: PaymentHarness
beforeAll(async () => {
  h = await createPaymentHarness(10)
})
afterAll(async () => {
  await h?.close()
})

async function bankResultWorkbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Resultado')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describe("the bank's result report as a payments file", () => {
  it('pays the lines the bank paid, by document and amount, and observes the ones it rejected', async () => {
    const payroll = await h.payroll(
      'PL-BANCO-1',
      [0, 1, 2].map((employee) => ({ employee, amount: '1500.50' })),
    )
    const file = await bankResultWorkbook(
      ['Tipo de Documento', 'Nro. Documento', 'Beneficiario', 'Monto', 'Estado', 'N° Operación'],
      [
        ['DNI', fixtureDni(0), 'NOMBRE 0', 1500.5, 'Procesado', '000123'],
        ['DNI', fixtureDni(1), 'NOMBRE 1', 1500.5, 'Abonado', '000124'],
        ['DNI', fixtureDni(2), 'NOMBRE 2', 1500.5, 'Rechazado', ''],
      ],
    )
    const id = await h.upload(payroll, file)
    await h.run(id)
    const batch = await h.batch(id)
    // Observed, not failed: the rejected row is reported, the others are paid.
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.OBSERVED)
    const state = await h.payrollState(payroll.id)
    expect(state.lines.map((l) => [l.paid, l.operationNumber])).toEqual([
      [true, '000123'],
      [true, '000124'],
      [false, null],
    ])
    expect(batch.issues.map((i) => [i.rowNumber, i.reason])).toEqual([
      [4, BANK_RESULT_MESSAGES.notPaid('Rechazado')],
    ])
  })

  it('is recognised only with document, amount and status columns', () => {
    expect(bankResultMapper(['Documento', 'Importe', 'Estado'])).not.toBeNull()
    expect(bankResultMapper(['Documento', 'Importe'])).toBeNull()
    const map = bankResultMapper(['Documento', 'Importe', 'Estado'])
    expect(
      map?.(
        [
          { kind: 'text', text: '001234567' },
          { kind: 'number', value: 10 },
          { kind: 'text', text: 'PROCESADO' },
        ],
        7,
      ),
    ).toEqual({
      cells: [
        { kind: 'number', value: 4 },
        { kind: 'text', text: '001234567' },
        { kind: 'number', value: 10 },
        { kind: 'text', text: 'BCP-7' },
        { kind: 'empty' },
      ],
    })
  })

  it("pays only the statuses that mean paid, read whole: 'Procesado con error' and unknown ones are observed", () => {
    const map = bankResultMapper(['Documento', 'Importe', 'Estado'])
    const statusOf = (status: string) =>
      map?.(
        [
          { kind: 'text', text: '12345678' },
          { kind: 'number', value: 10 },
          { kind: 'text', text: status },
        ],
        2,
      )
    for (const paid of ['Procesado', 'PROCESADO', ' abonado ', 'Exitoso', 'Pagada', 'Conforme'])
      expect(statusOf(paid), paid).toHaveProperty('cells')
    for (const status of [
      'Procesado con error',
      'Procesado parcialmente',
      'Procesando',
      'No abonado',
      'Pendiente',
      'OK',
      '',
    ])
      expect(statusOf(status), status).toEqual({ notPaid: BANK_RESULT_MESSAGES.notPaid(status.trim()) })
  })
})
