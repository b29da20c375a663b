import { payrollLines, payrolls } from '@planillas/db'
import { EMPLOYEE_HISTORY_LIMIT } from '@planillas/domain'
import type { TestApp } from '@planillas/testing/api/app'
import {
  type Catalog,
  contractBody,
  createCatalog,
  createContractTestApp,
  createEmployee,
  fromToday,
} from '@planillas/testing/api/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let catalog: Catalog

beforeAll(async () => {
  t = await createContractTestApp()
  catalog = await createCatalog(t, 'Historial')
})
afterAll(() => t.close())

const history = (who: Parameters<TestApp['call']>[0], id: number) =>
  t.call(who, { method: 'GET', url: `/api/v1/employees/${id}/history` })

/** A payroll of `period` with one line of the employee (paid on `paidDate` when given). */
async function payrollWithLine(employeeId: number, period: string, amount: string, paidDate?: string) {
  const [payroll] = await t.handle.db
    .insert(payrolls)
    .values({ code: `PL-${period}-${employeeId}`, period, name: `Planilla ${period}`, type: 1 })
    .returning()
  const [line] = await t.handle.db
    .insert(payrollLines)
    .values({
      payrollId: payroll.id,
      rowNumber: 1,
      employeeId,
      identifierType: 1,
      identifier: '40000000',
      fullName: 'María Elena Quispe Mamani',
      bankCode: '002',
      bankAccount: '1917654321098',
      amount,
      paid: Boolean(paidDate),
      paidDate: paidDate ?? null,
      operationNumber: paidDate ? `OP-${period}` : null,
    })
    .returning()
  return { payroll, line }
}

describe('GET /employees/:id/history', () => {
  it("lists the employee's contracts, payroll lines and payments, newest first, each with its ids", async () => {
    const employeeId = await createEmployee(t)
    const old = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts',
      payload: contractBody(employeeId, catalog, { contractType: 1, startDate: fromToday(-200) }),
    })
    const current = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts',
      payload: contractBody(employeeId, catalog, { startDate: fromToday(-10) }),
    })
    expect([old.status, current.status]).toEqual([200, 200])
    const march = await payrollWithLine(employeeId, '202603', '1500.50', '2026-03-31')
    const april = await payrollWithLine(employeeId, '202604', '1600.00')
    const other = await createEmployee(t)
    await payrollWithLine(other, '202605', '999.00', '2026-05-31')

    const res = await history('rrhh', employeeId)
    expect(res.status).toBe(200)
    const h = res.body.payload
    expect(h.contracts.map((c: { id: number }) => c.id)).toEqual([
      current.body.payload.id,
      old.body.payload.id,
    ])
    expect(h.contracts[0]).toMatchObject({ status: 1, totalSalary: 2500 })
    expect(h.payrollShown).toBe(true)
    expect(h.payrollLines.map((l: { payrollId: number }) => l.payrollId)).toEqual([
      april.payroll.id,
      march.payroll.id,
    ])
    expect(h.payrollLines[0]).toMatchObject({ amount: 1600, paid: false, period: '202604' })
    expect(h.payments).toEqual([
      expect.objectContaining({
        id: march.line.id,
        payrollCode: march.payroll.code,
        amount: 1500.5,
        paidDate: '2026-03-31',
        operationNumber: 'OP-202603',
      }),
    ])
  })

  it('is bounded', async () => {
    const employeeId = await createEmployee(t)
    for (let i = 0; i < EMPLOYEE_HISTORY_LIMIT + 2; i++) {
      await payrollWithLine(
        employeeId,
        `20${String(10 + Math.floor(i / 12))}${String((i % 12) + 1).padStart(2, '0')}`,
        '100.00',
      )
    }
    const res = await history('rrhh', employeeId)
    expect(res.body.payload.payrollLines).toHaveLength(EMPLOYEE_HISTORY_LIMIT)
    expect(res.body.payload.payrollLines[0].period).toBe('201404')
  })

  it("hides payroll lines and payments from who may not read the payrolls; 403 without the employees' permissions", async () => {
    const employeeId = await createEmployee(t)
    await payrollWithLine(employeeId, '202606', '800.00', '2026-06-30')
    const limited = await history(['colaboradores_lista'], employeeId)
    expect(limited.status).toBe(200)
    expect(limited.body.payload).toMatchObject({ payrollShown: false, payrollLines: [], payments: [] })
    expect((await history(['planillas_lista'], employeeId)).status).toBe(403)
    expect((await history('rrhh', 999_999)).status).toBe(404)
  })
})
