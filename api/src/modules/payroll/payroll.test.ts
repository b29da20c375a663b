import { auditLogs } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { insertPayrollWithLines } from '@planillas/testing/payment-fixtures'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
const ids: Record<string, number> = {}

/** Writes a payroll and its lines as the import job would (the job itself is tested in worker/). */
async function seedPayroll(
  code: string,
  name: string,
  type: number,
  period: string,
  amounts: number[],
  paidLines = 0,
) {
  const payroll = await insertPayrollWithLines(
    t.handle.db,
    {
      code,
      name,
      type,
      period,
      collaborators: amounts.length,
      totalAmount: String(amounts.reduce((a, b) => a + b, 0)),
    },
    amounts.map((amount, i) => ({
      fullName: `NOMBRE ${i} APELLIDO ${i}`,
      bankAccount: `19100000000${i}`,
      amount: amount.toFixed(2),
      paid: i < paidLines,
      paidDate: i < paidLines ? '2026-11-28' : null,
      operationNumber: i < paidLines ? `OP-${i}` : null,
    })),
  )
  ids[code] = payroll.id
}

beforeAll(async () => {
  t = await createTestApp()
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 30)
  await t.handle.db.execute(sql`select 1`)
  await seedPayroll('PL-OP-11', 'Operarios noviembre', 1, '202611', [1500.5, 2000, 1750.25], 1)
  await seedPayroll('PL-ADM-11', 'Administrativos noviembre', 2, '202611', [4200])
  await seedPayroll(
    'PL-OP-10',
    'Operarios octubre',
    1,
    '202610',
    Array.from({ length: 25 }, (_, i) => 1000 + i),
  )
})
afterAll(() => t.close())

const list = async (body: object, query = '') =>
  (await t.call('lector', { method: 'POST', url: `/api/v1/payroll/list${query}`, payload: body })).body
    .payload

describe('payroll API', () => {
  it('lists payrolls newest first with their totals, searchable and filtered by type and period', async () => {
    const all = await list({})
    expect(all.content.map((p: { code: string }) => p.code)).toEqual(['PL-OP-10', 'PL-ADM-11', 'PL-OP-11'])
    expect(all.content[2]).toMatchObject({
      name: 'Operarios noviembre',
      type: 1,
      period: '202611',
      collaborators: 3,
      totalAmount: 5250.75,
      paid: 0,
      totalPaid: 0,
      progress: 0,
      status: 1,
    })
    expect((await list({ search: 'noviembre' })).totalElements).toBe(2)
    expect((await list({ type: 2 })).content.map((p: { code: string }) => p.code)).toEqual(['PL-ADM-11'])
    expect((await list({ period: '202610' })).content.map((p: { code: string }) => p.code)).toEqual([
      'PL-OP-10',
    ])
    expect((await list({ search: 'octubre', type: 2 })).totalElements).toBe(0)
    const bad = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/payroll/list',
      payload: { period: '2026-11' },
    })
    expect(bad.status).toBe(400)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/payroll/list', payload: {} })).status,
    ).toBe(403)
  })

  it('sums the whole filtered list for its totals row, not only the page shown', async () => {
    // Page 1 of size 1 shows one payroll; the totals are those of the three.
    const all = await list({}, '?page=0&size=1')
    expect(all.content).toHaveLength(1)
    const every = (await list({}, '?size=100')).content as { totalAmount: number; collaborators: number }[]
    expect(all.totals).toEqual({
      collaborators: 29,
      totalAmount: every.reduce((sum, p) => sum + p.totalAmount, 0),
      paid: 0,
      totalPaid: 0,
    })
    expect(all.totals.totalAmount).toBe(5250.75 + 4200 + 25_300)
    // Filtered: November only.
    expect((await list({ period: '202611' }, '?size=1')).totals).toMatchObject({
      collaborators: 4,
      totalAmount: 9450.75,
    })
    expect((await list({ search: 'no existe' })).totals).toEqual({
      collaborators: 0,
      totalAmount: 0,
      paid: 0,
      totalPaid: 0,
    })
  })

  it('reads one payroll and pages its lines, searchable and filtered by paid', async () => {
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/payroll/${ids['PL-OP-11']}` })
    expect(read.body.payload).toMatchObject({ code: 'PL-OP-11', totalAmount: 5250.75 })
    const lines = async (body: object, query = '') =>
      (
        await t.call('lector', {
          method: 'POST',
          url: `/api/v1/payroll/${ids['PL-OP-10']}/lines${query}`,
          payload: body,
        })
      ).body.payload
    const page = await lines({}, '?page=2&size=10')
    expect(page).toMatchObject({ totalElements: 25, totalPages: 3 })
    expect(page.content.map((l: { rowNumber: number }) => l.rowNumber)).toEqual([22, 23, 24, 25, 26])
    // The totals row sums every filtered line, not the page shown.
    const all = await lines({}, '?size=50')
    const sum = all.content.reduce((s: number, l: { amount: number }) => s + l.amount, 0)
    expect(all.content).toHaveLength(25)
    expect(page.totals).toEqual({ amount: sum, paid: 0, paidAmount: 0 })
    expect((await lines({ search: fixtureDni(7) })).totals).toEqual({ amount: 1007, paid: 0, paidAmount: 0 })
    expect((await lines({ search: fixtureDni(7) })).content).toEqual([
      expect.objectContaining({ identifier: fixtureDni(7), amount: 1007, paid: false }),
    ])
    expect((await lines({ search: 'apellido 1' })).totalElements).toBe(11)
    const paid = await t.call('lector', {
      method: 'POST',
      url: `/api/v1/payroll/${ids['PL-OP-11']}/lines`,
      payload: { paid: true },
    })
    expect(paid.body.payload.content).toEqual([
      expect.objectContaining({ rowNumber: 2, paid: true, paidDate: '2026-11-28', operationNumber: 'OP-0' }),
    ])
    const [paidLine] = paid.body.payload.content
    expect(paid.body.payload.totals).toEqual({
      amount: paidLine.amount,
      paid: 1,
      paidAmount: paidLine.amount,
    })
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/payroll/99999/lines', payload: {} })).status,
    ).toBe(404)
  })

  it('annuls and reactivates a payroll with an audit entry; the dropdown list shows only VIGENTE ones', async () => {
    const id = ids['PL-ADM-11']
    expect(
      (await t.call('lector', { method: 'PUT', url: `/api/v1/payroll/${id}/status?status=2` })).status,
    ).toBe(403)
    const res = await t.call('rrhh', { method: 'PUT', url: `/api/v1/payroll/${id}/status?status=2` })
    expect(res.body.messages).toEqual(['Estado actualizado correctamente'])
    const options = await t.call('lector', { method: 'GET', url: '/api/v1/payroll' })
    expect(options.body.payload.map((p: { code: string }) => p.code)).not.toContain('PL-ADM-11')
    const audit = await t.handle.db.select().from(auditLogs)
    expect(audit.map((a) => a.description)).toContain(
      "Cambió el estado de la planilla PL-ADM-11 'Administrativos noviembre' a ANULADA",
    )
    await t.call('rrhh', { method: 'PUT', url: `/api/v1/payroll/${id}/status?status=1` })
    expect(
      (await t.call('rrhh', { method: 'PUT', url: `/api/v1/payroll/${id}/status?status=5` })).status,
    ).toBe(400)
  })

  it('exports the list and the lines of one payroll', async () => {
    const book = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: await t.as('rrhh') })
      expect(res.statusCode).toBe(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      return workbook.worksheets[0]
    }
    const sheet = await book('/api/v1/payroll/xlsx', { period: '202611' })
    expect(sheet.actualRowCount).toBe(3)
    expect(sheet.getRow(1).getCell(6).value).toBe('Monto Total a Pagar (S/)')
    const detail = await book(`/api/v1/payroll/${ids['PL-OP-11']}/lines/xlsx`, {})
    expect(detail.actualRowCount).toBe(4)
    expect(detail.getRow(2).values).toEqual([
      undefined,
      2,
      'DNI',
      fixtureDni(0),
      'NOMBRE 0 APELLIDO 0',
      '002',
      '191000000000',
      undefined,
      1500.5,
      'SÍ',
      // A spreadsheet date, shown 28/11/2026 (not text).
      new Date('2026-11-28T00:00:00Z'),
      'OP-0',
      'ABONADO',
    ])
    expect(detail.getRow(2).getCell(10).numFmt).toBe('dd/mm/yyyy')
    // The amount is the exact number, shown as soles: 1,500.50.
    expect(detail.getRow(2).getCell(8).numFmt).toBe('#,##0.00')
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00')
    // Lines written out of row order (ids 1, 2, 3 hold rows 4, 2, 3) export in the file's order.
    await t.handle.db.execute(
      sql`update payroll_lines set row_number = case row_number when 2 then 4 when 3 then 2 else 3 end where payroll_id = ${ids['PL-OP-11']}`,
    )
    const reordered = await book(`/api/v1/payroll/${ids['PL-OP-11']}/lines/xlsx`, {})
    expect([2, 3, 4].map((r) => reordered.getRow(r).getCell(1).value)).toEqual([2, 3, 4])
    expect([2, 3, 4].map((r) => reordered.getRow(r).getCell(3).value)).toEqual([
      fixtureDni(1),
      fixtureDni(2),
      fixtureDni(0),
    ])
    const reader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payroll/xlsx',
      payload: {},
      headers: await t.as('lector'),
    })
    expect(reader.statusCode).toBe(403)
  })
})
