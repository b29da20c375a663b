import { paymentBatches, payrollBatches, payrolls } from '@planillas/db'
import { todayInLima } from '@planillas/domain'
import type { TestApp } from '@planillas/testing/api/app'
import {
  contractBody,
  createCatalog,
  createContract,
  createContractTestApp,
  createEmployee,
  fromToday,
} from '@planillas/testing/api/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastWeeks } from './queries'

let t: TestApp

const file = { fileKey: 'k', fileName: 'f.xlsx', fileSize: 1 }
/** This month's period in Lima (AAAAMM): the dashboard draws the payrolls of the period in force. */
const period = todayInLima().slice(0, 7).replace('-', '')
const batch = { period, name: 'Carga', type: 1, ...file }

beforeAll(async () => {
  t = await createContractTestApp()
  const payroll = (code: string, values: Partial<typeof payrolls.$inferInsert>) =>
    t.handle.db
      .insert(payrolls)
      .values({ code, name: `Planilla ${code}`, period, type: 1, ...values })
      .returning()
  // Two to pay (one half paid), one paid in full, one annulled: only the first two count.
  const [first] = await payroll('P-1', { collaborators: 4, totalAmount: '4000.00' })
  await payroll('P-2', {
    collaborators: 2,
    paidCount: 1,
    totalAmount: '3000.50',
    totalPaid: '1000.25',
    progress: 50,
  })
  await payroll('P-3', {
    collaborators: 1,
    paidCount: 1,
    totalAmount: '10.00',
    totalPaid: '10.00',
    progress: 100,
  })
  await payroll('P-4', { collaborators: 9, totalAmount: '9.00', status: 2 })

  await t.handle.db.insert(payrollBatches).values([
    { ...batch, code: 'B-1', status: 1 },
    { ...batch, code: 'B-2', status: 2 },
    { ...batch, code: 'B-3', status: 4 },
    { ...batch, code: 'B-4', status: 4, createdAt: new Date(Date.now() - 8 * 86_400_000) },
    { ...batch, code: 'B-5', status: 3 },
  ])
  await t.handle.db.insert(paymentBatches).values([
    { payrollId: first.id, payrollNumber: 'P-1', paymentDate: '2026-11-20', status: 5, ...file },
    { payrollId: first.id, payrollNumber: 'P-1', paymentDate: '2026-11-20', status: 4, ...file },
  ])

  // One contract ending within the notice (POR VENCER), one not.
  const catalog = await createCatalog(t, 'Portada')
  const soon = await createEmployee(t)
  await createContract(t, contractBody(soon, catalog, { contractType: 1, startDate: fromToday(-20) }))
  await createContract(t, contractBody(await createEmployee(t), catalog))
})
afterAll(() => t.close())

const dashboard = async (who: Parameters<TestApp['call']>[0]) =>
  (await t.call(who, { method: 'GET', url: '/api/v1/dashboard' })).body.payload

describe('GET /dashboard', () => {
  it('sums what is left to pay of the payrolls in force, newest first', async () => {
    const { payrolls: p } = await dashboard('rrhh')
    expect(p).toMatchObject({ count: 2, pendingLines: 5, pendingAmount: 6000.25 })
    expect(p.recent.map((r: { code: string }) => r.code)).toEqual(['P-2', 'P-1'])
    expect(p.recent[0]).toMatchObject({ totalAmount: 3000.5, totalPaid: 1000.25, paid: 1, progress: 50 })
  })

  it("draws this period's payrolls and this week's soles paid and pending", async () => {
    const { payrolls: p } = await dashboard('rrhh')
    expect(p.period.period).toBe(period)
    expect(p.period.payrolls.map((r: { code: string }) => r.code)).toEqual(['P-3', 'P-2', 'P-1'])
    expect(p.byWeek).toHaveLength(8)
    expect(p.byWeek.at(-1)).toEqual({ week: lastWeeks(todayInLima(), 1)[0], paid: 1010.25, pending: 6000.25 })
    expect(p.byWeek.slice(0, -1).every((w: { paid: number; pending: number }) => !w.paid && !w.pending)).toBe(
      true,
    )
  })

  it('counts uploads running, and those that failed in the last seven days', async () => {
    expect((await dashboard('rrhh')).uploads).toEqual({
      failedWindowDays: 7,
      payroll: { running: 2, failed: 1 },
      payment: { running: 0, failed: 1 },
    })
  })

  it('lists the contracts POR VENCER', async () => {
    const { contracts } = await dashboard('rrhh')
    expect(contracts.count).toBe(1)
    expect(contracts.endingByMonth).toHaveLength(6)
    expect(contracts.endingByMonth[0].month).toBe(todayInLima().slice(0, 7))
    expect(contracts.endingByMonth.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(1)
    expect(contracts.next).toEqual([
      expect.objectContaining({ fullName: 'María Elena Quispe Mamani', finishDate: expect.any(String) }),
    ])
  })

  it('gives each part only to whoever may see its module', async () => {
    expect(await dashboard('auditor')).toEqual({})
    const reader = await dashboard('lector')
    expect(Object.keys(reader).sort()).toEqual(['contracts', 'payments', 'payrolls'])
    // Payroll uploads only for whoever loads payrolls, payment uploads only for whoever loads payments.
    expect((await dashboard(['dashboard', 'planillas_abonos'])).uploads).toEqual({
      failedWindowDays: 7,
      payment: { running: 0, failed: 1 },
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401)
  })
})

describe('lastWeeks', () => {
  it('gives the Mondays of the last weeks, oldest first', () => {
    expect(lastWeeks('2026-11-22', 3)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16'])
    expect(lastWeeks('2026-11-23', 2)).toEqual(['2026-11-16', '2026-11-23'])
  })
})
