import { awaitsReview } from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, rowsOf } from './client'
import { awaitsReviewSql } from './line-review'
import { payrollLines, payrolls } from './schema/index'

/** Every review flag combination, confirmed and not: the SQL must say what the domain says. */
const CASES = Array.from({ length: 16 }, (_, i) => ({ flags: i % 8, confirmed: i >= 8 }))

describe('awaitsReviewSql', () => {
  let handle: DatabaseHandle
  let payrollId = 0
  beforeAll(async () => {
    handle = await openTestDatabase()
    const { db } = handle
    await ensureFixtureBanks(db)
    await insertFixtureEmployees(db, CASES.length)
    const [payroll] = await db
      .insert(payrolls)
      .values({ code: 'PL-REVIEW', name: 'Revisión', type: 1, period: '202611' })
      .returning()
    payrollId = payroll.id
    await db.insert(payrollLines).values(
      CASES.map((c, i) => ({
        payrollId,
        rowNumber: i + 2,
        employeeId: i + 1,
        identifierType: 1,
        identifier: fixtureDni(i),
        fullName: `Colaborador ${i}`,
        bankCode: '002',
        bankAccount: '1911234567801',
        amount: '100.00',
        reviewFlags: c.flags,
        reviewConfirmedBy: c.confirmed ? 'supervisor@planillas.pe' : null,
        reviewConfirmedAt: c.confirmed ? new Date('2026-11-20T10:00:00Z') : null,
      })),
    )
  })
  afterAll(() => handle.close())

  const expected = CASES.map((c) => awaitsReview(c.flags, c.confirmed ? new Date() : null))

  it('agrees with the domain rule for every flag combination (the table itself)', async () => {
    const rows = await handle.db
      .select({ awaiting: awaitsReviewSql(payrollLines) })
      .from(payrollLines)
      .where(eq(payrollLines.payrollId, payrollId))
      .orderBy(asc(payrollLines.rowNumber))
    expect(rows.map((r) => r.awaiting)).toEqual(expected)
    // Bits 1 and 2 block until confirmed; 4 alone (a duplicate in the period) never does.
    expect(expected.filter(Boolean)).toHaveLength(6)
  })

  it('agrees through an alias in a hand-written query (as the payment import uses it)', async () => {
    const l = alias(payrollLines, 'l')
    const result = await handle.db.execute(
      sql`select ${awaitsReviewSql(l)} as awaiting from payroll_lines l where l.payroll_id = ${payrollId} order by l.row_number`,
    )
    expect(rowsOf<{ awaiting: boolean }>(result).map((r) => r.awaiting)).toEqual(expected)
  })
})
