import { type DatabaseHandle, payrollLines, payrolls } from '@planillas/db'
import { openTestDatabase } from '@planillas/testing/database'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PayrollLine, PayrollLines } from './payroll-lines'
import {
  CopyLines,
  canStreamLines,
  copyLine,
  copyValue,
  insertLines,
  postgresClientOf,
} from './payroll-writer'

let handle: DatabaseHandle
const LINES = 12_345

beforeAll(async () => {
  handle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, LINES)
})
afterAll(() => handle.close())

const lineOf = (i: number): PayrollLine => ({
  rowNumber: i + 2,
  employeeId: i + 1,
  identifierType: 1,
  identifier: fixtureDni(i),
  fullName: `NOMBRE ${i} APELLIDO ${i}`,
  reviewFlags: i % 5 === 0 ? 2 : 0,
  bankCode: '002',
  bankAccount: String(19_100_000_000_000 + i),
  bankInterAccount: i % 3 ? `0021910000${String(i).padStart(10, '0')}` : null,
  amount: `${100 + (i % 50)}.25`,
})

function linesFor(n: number) {
  const lines = new PayrollLines()
  for (let i = 0; i < n; i++) lines.push(lineOf(i))
  return lines
}

async function newPayroll(code: string) {
  const [payroll] = await handle.db
    .insert(payrolls)
    .values({ code, period: '202611', name: code, type: 1 })
    .returning({ id: payrolls.id })
  return payroll.id
}

const written = (payrollId: number) =>
  handle.db
    .select()
    .from(payrollLines)
    .where(eq(payrollLines.payrollId, payrollId))
    .orderBy(asc(payrollLines.rowNumber))

/** COPY on PostgreSQL, the packed lines' slices on PGlite: the way the import writes on each. */
async function writeAll(payrollId: number, n: number, fail?: string) {
  await handle.db.transaction(async (tx) => {
    const client = postgresClientOf(tx)
    if (client) {
      const copy = new CopyLines(client, payrollId, 'ana@planillas.pe')
      try {
        for (let i = 0; i < n; i++) {
          const wait = copy.push(lineOf(i))
          if (wait) await wait
        }
        if (fail) throw new Error(fail)
      } catch (error) {
        await copy.cancel()
        throw error
      }
      expect(await copy.finish()).toBe(n)
    } else {
      await insertLines(tx, payrollId, linesFor(n), 'ana@planillas.pe')
      if (fail) throw new Error(fail)
    }
  })
}

describe('writing payroll lines', () => {
  it('escapes texts for COPY and writes nulls as \\N', () => {
    expect(copyValue(null)).toBe('\\N')
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re')
    expect(copyValue('PÉREZ ÑAÑEZ')).toBe('PÉREZ ÑAÑEZ')
    expect(copyLine('7\tana\t', lineOf(0))).toBe(
      `7\tana\t2\t1\t1\t${fixtureDni(0)}\tNOMBRE 0 APELLIDO 0\t002\t19100000000000\t\\N\t100.25\t2\t\\N\t\\N\t\\N\t\\N\t\\N\n`,
    )
  })

  it('writes every line, name and flags included, in the caller’s transaction', async () => {
    const payrollId = await newPayroll('PL-COPY')
    await writeAll(payrollId, LINES)
    const rows = await written(payrollId)
    expect(rows).toHaveLength(LINES)
    expect(rows.map((l) => l.rowNumber)).toEqual(Array.from({ length: LINES }, (_, i) => i + 2))
    expect(rows[3]).toMatchObject({
      rowNumber: 5,
      employeeId: 4,
      identifier: fixtureDni(3),
      fullName: 'NOMBRE 3 APELLIDO 3',
      bankInterAccount: null,
      amount: '103.25',
      reviewFlags: 0,
      createdBy: 'ana@planillas.pe',
    })
    expect(rows[4].bankInterAccount).toBe('00219100000000000004')
    expect(rows[5].reviewFlags).toBe(2)
  })

  it('writes nothing when the transaction fails in the middle of the lines', async () => {
    const payrollId = await newPayroll('PL-ROLLBACK')
    await expect(writeAll(payrollId, 9_000, 'en medio de las líneas')).rejects.toThrow(
      'en medio de las líneas',
    )
    expect(await written(payrollId)).toEqual([])
    // The connection left COPY mode: the pool serves the next query.
    await writeAll(payrollId, 10)
    expect(await written(payrollId)).toHaveLength(10)
  })

  it('fails the whole write when a line names an employee that no longer exists', async () => {
    const payrollId = await newPayroll('PL-GONE')
    await expect(
      handle.db.transaction(async (tx) => {
        const client = postgresClientOf(tx)
        const line = { ...lineOf(1), employeeId: 999_999 }
        if (client) {
          const copy = new CopyLines(client, payrollId, 'ana@planillas.pe')
          copy.push(lineOf(0))
          copy.push(line)
          await copy.finish()
        } else {
          const lines = new PayrollLines()
          lines.push(lineOf(0))
          lines.push(line)
          await insertLines(tx, payrollId, lines, 'ana@planillas.pe')
        }
      }),
    ).rejects.toThrow()
    expect(await written(payrollId)).toEqual([])
  })

  it('refuses a slice as soon as PostgreSQL has checked it, while later lines are still being written', async () => {
    const payrollId = await newPayroll('PL-SLICES')
    const gone = 1_500 // in the second statement of 1,000 lines
    let refusedAt = -1
    const refusal: unknown = await handle.db
      .transaction(async (tx) => {
        const client = postgresClientOf(tx)
        const lineAt = (i: number) => (i === gone ? { ...lineOf(i), employeeId: 999_999 } : lineOf(i))
        if (!client) {
          const lines = new PayrollLines()
          for (let i = 0; i < 3_000; i++) lines.push(lineAt(i))
          await insertLines(tx, payrollId, lines, 'ana@planillas.pe')
          return
        }
        const copy = new CopyLines(client, payrollId, 'ana@planillas.pe', 1_000)
        try {
          for (let i = 0; i < LINES; i++) {
            const line = lineAt(i)
            const wait = copy.push(line)
            if (wait) await wait
            // Now and then the reading gives the connection a turn, as the import's awaits do.
            if (i % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5))
          }
        } catch (error) {
          refusedAt = copy.written
          await copy.cancel()
          throw error
        }
        await copy.finish()
      })
      .then(
        () => null,
        (error: unknown) => error,
      )
    // On PGlite drizzle wraps PostgreSQL's error: its cause says it.
    const reason = refusal instanceof Error ? `${refusal.message} ${String(refusal.cause)}` : ''
    expect(reason).toMatch(/violates foreign key constraint "payroll_lines_employee_id_employees_id_fk"/)
    expect(await written(payrollId)).toEqual([])
    if (canStreamLines(handle.db)) {
      // Refused before the last line was handed over: the first two statements were checked meanwhile.
      expect(refusedAt).toBeGreaterThan(2_000)
      expect(refusedAt).toBeLessThan(LINES)
    } else expect(refusedAt).toBe(-1) // PGlite writes after the reading, all at once
  })
})
