import { type DatabaseHandle, payrollLines, payrolls } from '@planillas/db'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/db/payroll-fixtures'
import { openTestDatabase } from '@planillas/db/testing'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PayrollLines } from './payroll-lines'
import { copyText, copyValue, insertLines } from './payroll-writer'

let handle: DatabaseHandle
const LINES = 12_345

beforeAll(async () => {
  handle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, LINES)
})
afterAll(() => handle.close())

/** Lines for employees 1…n, pushed in reverse row order (look-ups finish in any order). */
function linesFor(n: number) {
  const lines = new PayrollLines()
  for (let i = n - 1; i >= 0; i--) {
    lines.push({
      rowNumber: i + 2,
      employeeId: i + 1,
      identifierType: 1,
      identifier: fixtureDni(i),
      bankCode: '002',
      bankAccount: String(19_100_000_000_000 + i),
      bankInterAccount: i % 3 ? `0021910000${String(i).padStart(10, '0')}` : null,
      amount: `${100 + (i % 50)}.25`,
    })
  }
  return lines
}

describe('writing payroll lines', () => {
  it('escapes texts for COPY and writes nulls as \\N', () => {
    expect(copyValue(null)).toBe('\\N')
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re')
    const [chunk] = [...copyText(linesFor(1))]
    expect(chunk).toBe(`2\t1\t1\t${fixtureDni(0)}\t002\t19100000000000\t\\N\t100.25\n`)
  })

  it('writes every line with the employee’s name in the caller’s transaction (COPY on PostgreSQL)', async () => {
    const [payroll] = await handle.db
      .insert(payrolls)
      .values({ code: 'PL-COPY', period: '202611', name: 'Copia', type: 1 })
      .returning({ id: payrolls.id })
    const method = await handle.db.transaction((tx) =>
      insertLines(tx, payroll.id, linesFor(LINES), 'ana@planillas.pe'),
    )
    expect(method).toBe(handle.kind === 'postgres' ? 'copy' : 'insert')
    const written = await handle.db
      .select()
      .from(payrollLines)
      .where(eq(payrollLines.payrollId, payroll.id))
      .orderBy(asc(payrollLines.rowNumber))
    expect(written).toHaveLength(LINES)
    expect(written.map((l) => l.rowNumber)).toEqual(Array.from({ length: LINES }, (_, i) => i + 2))
    expect(written[3]).toMatchObject({
      rowNumber: 5,
      employeeId: 4,
      identifier: fixtureDni(3),
      fullName: 'NOMBRE 3 APELLIDO 3',
      bankInterAccount: null,
      amount: '103.25',
      createdBy: 'ana@planillas.pe',
    })
    expect(written[4].bankInterAccount).toBe('00219100000000000004')
  })

  it('writes nothing when the transaction fails after the lines', async () => {
    const [payroll] = await handle.db
      .insert(payrolls)
      .values({ code: 'PL-ROLLBACK', period: '202611', name: 'Revertida', type: 1 })
      .returning({ id: payrolls.id })
    await expect(
      handle.db.transaction(async (tx) => {
        await insertLines(tx, payroll.id, linesFor(10), 'ana@planillas.pe')
        throw new Error('después de las líneas')
      }),
    ).rejects.toThrow('después de las líneas')
    expect(await handle.db.select().from(payrollLines).where(eq(payrollLines.payrollId, payroll.id))).toEqual(
      [],
    )
  })
})
