import { employees, payrollLines, payrolls } from '@planillas/db'
import { BATCH_STATUS, EMPLOYEE_STATUS, LINE_REVIEW } from '@planillas/domain'
import { fixtureDni, payrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { createImportHarness, type ImportHarness } from '@planillas/testing/worker/import-harness'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let h: ImportHarness
beforeAll(async () => {
  h = await createImportHarness(10)
  const { db } = h.handle
  // Everyone ACTIVO except employee 3; 1 and 2 verified with the bank data validRow() writes, then
  // employee 1's verified account changed (so the payroll's differs); 4 is unverified, any data.
  await db.update(employees).set({ status: EMPLOYEE_STATUS.ACTIVE })
  await db
    .update(employees)
    .set({ status: EMPLOYEE_STATUS.NO_CONTRACT })
    .where(eq(employees.identifier, fixtureDni(3)))
  for (const n of [1, 2]) {
    const [, , , bank, account, cci] = validRow(n) as string[]
    await db
      .update(employees)
      .set({
        bankId: bank,
        bankAccount: n === 1 ? '1919999999999' : account,
        bankInterAccount: cci,
        bankAccountVerified: true,
        bankAccountVerifiedBy: 'rrhh@planillas.pe',
        bankAccountVerifiedAt: new Date(),
      })
      .where(eq(employees.identifier, fixtureDni(n)))
  }
}, 60_000)
afterAll(() => h.close())

async function flagsOf(batchId: number) {
  const [payroll] = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, batchId))
  const lines = await h.handle.db
    .select({ identifier: payrollLines.identifier, flags: payrollLines.reviewFlags })
    .from(payrollLines)
    .where(eq(payrollLines.payrollId, payroll.id))
    .orderBy(asc(payrollLines.rowNumber))
  return Object.fromEntries(lines.map((l) => [l.identifier, l.flags]))
}

describe('payroll line review flags at import', () => {
  it('flags bank data that differ from verified data and SIN CONTRATO; unverified data flags nothing', async () => {
    const batch = await h.importFile(await payrollWorkbook([1, 2, 3, 4].map((n) => validRow(n))))
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
    expect(await flagsOf(batch.id)).toEqual({
      [fixtureDni(1)]: LINE_REVIEW.BANK_DATA_DIFFER,
      [fixtureDni(2)]: 0,
      [fixtureDni(3)]: LINE_REVIEW.NO_CONTRACT,
      [fixtureDni(4)]: 0,
    })
  })

  it('warns when the document is already in another payroll of the same period and type', async () => {
    // The first test's payroll (period 202611, type 1) holds employees 1–4.
    const batch = await h.importFile(await payrollWorkbook([validRow(2), validRow(5)]))
    expect(await flagsOf(batch.id)).toEqual({
      [fixtureDni(2)]: LINE_REVIEW.DUPLICATE_IN_PERIOD,
      [fixtureDni(5)]: 0,
    })
  })

  it('does not count an annulled payroll as a duplicate', async () => {
    await h.handle.db.update(payrolls).set({ status: 2 })
    const batch = await h.importFile(await payrollWorkbook([validRow(5)]))
    expect(await flagsOf(batch.id)).toEqual({ [fixtureDni(5)]: 0 })
  })

  it('observes a line whose employee changed bank data no second user confirmed (four eyes)', async () => {
    await h.handle.db.update(payrolls).set({ status: 2 })
    const { db } = h.handle
    const changedAt = new Date()
    // 6: changed by the admin, nobody confirmed; 7: changed by the admin, confirmed by RR.HH.
    for (const n of [6, 7]) {
      const [, , , bank, account, cci] = validRow(n) as string[]
      await db
        .update(employees)
        .set({
          bankId: bank,
          bankAccount: account,
          bankInterAccount: cci,
          bankDataChangedBy: 'admin@planillas.pe',
          bankDataChangedAt: changedAt,
          bankAccountVerified: n === 7,
          bankAccountVerifiedBy: n === 7 ? 'rrhh@planillas.pe' : null,
          bankAccountVerifiedAt: n === 7 ? changedAt : null,
        })
        .where(eq(employees.identifier, fixtureDni(n)))
    }
    const batch = await h.importFile(await payrollWorkbook([validRow(6), validRow(7)]))
    expect(await flagsOf(batch.id)).toEqual({
      [fixtureDni(6)]: LINE_REVIEW.BANK_DATA_UNCONFIRMED,
      [fixtureDni(7)]: 0,
    })
  })
})
