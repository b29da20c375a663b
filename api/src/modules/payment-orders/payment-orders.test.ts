import { auditLogs, type payrollLines } from '@planillas/db'
import { LINE_REVIEW, LINE_STATE, todayInLima } from '@planillas/domain'
import { BANK_FILE_MESSAGES } from '@planillas/domain/bank-files'
import { createPaymentOrdersTestApp, type PaymentOrdersTestApp } from '@planillas/testing/api/payment-orders'
import { insertOrderPayroll } from '@planillas/testing/payment-fixtures'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_LINE_MESSAGES } from './order-lines'

let t: PaymentOrdersTestApp
const accounts: Record<string, number> = {}
const BBVA_CCI = '01112300012345678977'

/** One BCP savings line, one BCP current line and one BBVA line paid by CCI. */
const LINES = [
  { bankAccount: '19112345678012' },
  { bankAccount: '1911234567801' },
  { bankCode: '011', bankAccount: '0011-0123-0200456789', bankInterAccount: BBVA_CCI },
]

/** A payroll paid into `LINES`. */
const seedPayroll = (code: string, over: Partial<typeof payrollLines.$inferInsert>[] = []) =>
  insertOrderPayroll(t.handle.db, code, LINES, over)

const lineStates = async (payrollId: number) =>
  (
    await t.call('lector', { method: 'POST', url: `/api/v1/payroll/${payrollId}/lines`, payload: {} })
  ).body.payload.content.map((l: { state: number }) => l.state)

const generate = (who: 'rrhh' | 'lector', body: object) =>
  t.call(who, { method: 'POST', url: '/api/v1/payment-orders', payload: body })

beforeAll(async () => {
  t = await createPaymentOrdersTestApp(3)
})
afterAll(() => t.close())

describe('company accounts', () => {
  it('registers a debit account with an audit entry, refuses a duplicate and a bad CCI; needs empresas_edicion', async () => {
    const url = `/api/v1/companies/${t.companyId}/accounts`
    const body = { bankCode: '002', currency: 'PEN', accountType: 'C', account: '1910123456078' }
    expect((await t.call('lector', { method: 'POST', url, payload: body })).status).toBe(403)
    const created = await t.call('rrhh', { method: 'POST', url, payload: body })
    expect(created.status).toBe(200)
    accounts.bcp = created.body.payload.id
    const again = await t.call('rrhh', { method: 'POST', url, payload: body })
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual(['La cuenta ya está registrada'])
    const badCci = await t.call('rrhh', {
      method: 'POST',
      url,
      payload: { ...body, account: '1910999999078', interAccount: '00219100000000000000' },
    })
    expect(badCci.status).toBe(400)
    const usd = await t.call('rrhh', {
      method: 'POST',
      url,
      payload: { ...body, account: '1910123456178', currency: 'USD' },
    })
    accounts.usd = usd.body.payload.id
    const list = await t.call('lector', { method: 'GET', url })
    expect(list.body.payload.map((a: { account: string }) => a.account)).toEqual([
      '1910123456078',
      '1910123456178',
    ])
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'company_bank_accounts'))
    expect(audit[0].description).toBe(
      "Registró la cuenta 1910123456078 (banco 002, PEN) de la empresa EM-0001 'Empresa Demo S.A.C.'",
    )
  })
})

describe('payment orders', () => {
  it('writes a BCP file whose totals equal the payroll, stores it, lists it, marks its lines sent', async () => {
    const payroll = await seedPayroll('PL-PAGO-1')
    const body = {
      payrollId: payroll.id,
      companyAccountId: accounts.bcp,
      format: 'BCP',
      paymentDate: todayInLima(),
      reference: 'Haberes noviembre',
    }
    expect((await generate('lector', body)).status).toBe(403)
    const res = await generate('rrhh', body)
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({ lineCount: 3, totalAmount: 4480.75 })

    const list = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-orders?payrollId=${payroll.id}`,
    })
    const [order] = list.body.payload
    expect(order).toMatchObject({
      format: 'BCP',
      lineCount: 3,
      totalAmount: 4480.75,
      account: '1910123456078',
    })
    // 0123456078 + 12345678012 + 1234567801 + 2345678977 (the CCI less 10 digits)
    expect(order.checksum).toBe(String(123456078 + 12345678012 + 1234567801 + 2345678977).padStart(15, '0'))

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment-orders/${order.id}/file`,
      headers: await t.as('rrhh'),
    })
    expect(file.statusCode).toBe(200)
    const records = file.rawPayload.toString('latin1').split('\r\n')
    expect(records.map((r) => r.length)).toEqual([113, 195, 195, 195, 0])
    expect(records[0].slice(41, 58)).toBe('00000000004480.75')
    expect(records.slice(1, 4).map((r) => r.slice(1, 2))).toEqual(['A', 'C', 'B'])
    expect(records[1].slice(38, 113).trimEnd()).toBe('NUÑEZ 0, JOSE')
    expect(order.sha256).toMatch(/^[0-9a-f]{64}$/)

    expect(await lineStates(payroll.id)).toEqual([LINE_STATE.SENT, LINE_STATE.SENT, LINE_STATE.SENT])
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payment_orders'))
    expect(audit[0].description).toContain('3 abonos, S/ 4,480.75')
  })

  it('asks to confirm leaving an OBSERVADO line out, then refuses the whole file when a line is bad, listing every problem with its line', async () => {
    const payroll = await seedPayroll('PL-PAGO-2', [
      { reviewFlags: LINE_REVIEW.BANK_DATA_DIFFER },
      { bankAccount: '191123' },
      { bankInterAccount: null },
    ])
    const body = {
      payrollId: payroll.id,
      companyAccountId: accounts.bcp,
      format: 'BCP',
      paymentDate: todayInLima(),
      reference: 'Haberes',
    }
    const unconfirmed = await generate('rrhh', body)
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.messages).toEqual([ORDER_LINE_MESSAGES.observedUnconfirmed(1)])
    const next = await t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-orders/next-file?payrollId=${payroll.id}`,
    })
    const res = await generate('rrhh', { ...body, confirmObserved: next.body.payload.observed.digest })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      `Fila 3: ${BANK_FILE_MESSAGES.sameBankAccount('BCP')}`,
      `Fila 4: ${BANK_FILE_MESSAGES.cciRequired}`,
    ])
    // Refused by its checks: no order stays, and its lines are free again.
    const list = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-orders?payrollId=${payroll.id}`,
    })
    expect(list.body.payload).toEqual([])
    expect(await lineStates(payroll.id)).toEqual([
      LINE_STATE.OBSERVED,
      LINE_STATE.PENDING,
      LINE_STATE.PENDING,
    ])
  })

  it('refuses a dollar debit account; writes the generic CCI workbook for lines with CCIs', async () => {
    const payroll = await seedPayroll('PL-PAGO-3', [
      { bankCode: '011', bankInterAccount: BBVA_CCI },
      { bankCode: '011', bankInterAccount: BBVA_CCI },
    ])
    const body = { payrollId: payroll.id, format: 'CCI', paymentDate: todayInLima(), reference: 'Haberes' }
    const usd = await generate('rrhh', { ...body, companyAccountId: accounts.usd })
    expect(usd.body.messages).toEqual([BANK_FILE_MESSAGES.currency])
    const res = await generate('rrhh', { ...body, companyAccountId: accounts.bcp })
    expect(res.status).toBe(200)
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment-orders/${res.body.payload.id}/file`,
      headers: await t.as('rrhh'),
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.actualRowCount).toBe(4)
    const amounts = [2, 3, 4].map((r) => Number(sheet.getRow(r).getCell(6).value))
    expect(amounts.reduce((a, b) => a + b, 0)).toBeCloseTo(4480.75, 2)
    expect(sheet.getRow(2).getCell(4).value).toBe(BBVA_CCI)
  })
})
