import { companies, employees, payrollLineConcepts, payrollLines, payrolls } from '@planillas/db'
import { PLAME_MESSAGES } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { insertBoletaPayroll } from '@planillas/testing/boleta-fixtures'
import { insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import { fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A company declares a month once: its files join every VIGENTE payroll of the period whose
 * workers it employs (by the contract in force, else the employee's record), one line per worker.
 */
let t: TestApp
let companyA: number
let companyB: number
let companyC: number
let emp: number[]
let q1FirstLine: number

async function addConcepts(payrollId: number, lineId: number, concepts: [string, number, number][]) {
  await t.handle.db.insert(payrollLineConcepts).values(
    concepts.map(([code, kind, amountCents]) => ({
      payrollId,
      payrollLineId: lineId,
      code,
      description: `Concepto ${code}`,
      kind,
      amountCents,
    })),
  )
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.handle.db
  // Q1: the June worker (contract with A) and worker 1 (A on its record).
  const q1 = await insertBoletaPayroll(db, { code: 'Q1-2026-06', workers: 2 })
  companyA = q1.companyId
  q1FirstLine = q1.lineIds[0]
  await insertFixtureEmployees(db, 1, 2)
  const inserted = await db
    .insert(companies)
    .values([
      { ruc: '20600000011', name: 'Servicios Beta S.A.C.', address: 'Jr. Cusco 45' },
      { ruc: '20600000029', name: 'Sin Planillas S.A.', address: 'Jr. Puno 9' },
    ])
    .returning({ id: companies.id })
  companyB = inserted[0].id
  companyC = inserted[1].id
  const workers = await db
    .select({ id: employees.id, identifier: employees.identifier })
    .from(employees)
    .where(inArray(employees.identifier, [fixtureDni(0), fixtureDni(1), fixtureDni(2)]))
  emp = [0, 1, 2].map((n) => workers.find((w) => w.identifier === fixtureDni(n))?.id ?? 0)
  // The June worker's record names B: its contract in force (A) decides. Worker 2 is B's.
  await db
    .update(employees)
    .set({ companyId: companyB })
    .where(inArray(employees.id, [emp[0], emp[2]]))
  await addConcepts(q1.payrollId, q1.lineIds[1], [['0121', 1, 150050]])
  await db
    .update(payrollLines)
    .set({ pensionSystem: 'AFP', cuspp: '123456ABCDE7' })
    .where(eq(payrollLines.id, q1.lineIds[0]))
  // Q2, the same month: the June worker again (an extra S/ 1,000.00 of 0121 and 10 hours) and worker 2.
  const q2 = await insertFixturePayroll(
    db,
    'Q2-2026-06',
    [
      { employee: 0, amount: '1000.00' },
      { employee: 2, amount: '900.00' },
    ],
    '202606',
  )
  await db
    .update(payrollLines)
    .set({ ordinaryMinutes: 600, overtimeMinutes: 0, pensionSystem: 'AFP', cuspp: '123456ABCDE7' })
    .where(eq(payrollLines.id, q2.lineIds[0]))
  await db.update(payrollLines).set({ ordinaryMinutes: 9000 }).where(eq(payrollLines.id, q2.lineIds[1]))
  await addConcepts(q2.id, q2.lineIds[0], [
    ['0121', 1, 100000],
    ['0608', 2, 10000],
  ])
  await addConcepts(q2.id, q2.lineIds[1], [['0121', 1, 90000]])
  // An ANULADA payroll of the month and a payroll of May: neither is declared.
  const annulled = await insertFixturePayroll(db, 'ANULADA-06', [{ employee: 1, amount: '5.00' }], '202606')
  await addConcepts(annulled.id, annulled.lineIds[0], [['0121', 1, 500]])
  await db.update(payrolls).set({ status: 2 }).where(eq(payrolls.id, annulled.id))
  const may = await insertFixturePayroll(db, 'MAYO', [{ employee: 1, amount: '7.00' }], '202605')
  await addConcepts(may.id, may.lineIds[0], [['0121', 1, 700]])
})
afterAll(() => t.close())

async function monthFile(
  kind: string,
  companyId: number,
  period = '202606',
  who: string[] | 'admin' = 'admin',
) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/payroll/declaration/${kind}?companyId=${companyId}&period=${period}`,
    headers: await t.as(who),
  })
  const json = response.headers['content-type']?.toString().startsWith('application/json')
  return { status: response.statusCode, text: response.body, body: json ? response.json() : null }
}

/** An independent reading: CRLF lines, each ending in `|`, split into fields. */
const fields = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      expect(line.endsWith('|')).toBe(true)
      return line.slice(0, -1).split('|')
    })

describe("a company's month of PLAME and AFPnet", () => {
  it('joins a worker paid in two payrolls into one line per concept, leaving out other companies, ANULADA and other months', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payroll/declaration/rem?companyId=${companyA}&period=202606`,
      headers: await t.as('admin'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('060120260620100070970.rem')
    const rows = fields(response.body)
    const of = (n: number) => rows.filter((r) => r[1] === fixtureDni(n)).map((r) => [r[2], r[3], r[4]])
    expect(of(0)).toEqual([
      ['0121', '3500.00', '3500.00'],
      ['0201', '113.00', '113.00'],
      ['0601', '40.50', '40.50'],
      ['0606', '44.42', '44.42'],
      ['0608', '361.30', '361.30'],
      ['0804', '235.17', '235.17'],
    ])
    expect(of(1)).toEqual([['0121', '1500.50', '1500.50']])
    expect(of(2)).toEqual([])
    expect(rows).toHaveLength(7)
  })

  it('sums the hours of the two payrolls in the .jor, one line per worker', async () => {
    const response = await monthFile('jor', companyA)
    expect(response.status).toBe(200)
    expect(fields(response.text)).toEqual([
      ['01', fixtureDni(0), '250', '0', '2', '30'],
      ['01', fixtureDni(1), '240', '0', '2', '30'],
    ])
  })

  it('gives the other company only its own worker', async () => {
    const response = await monthFile('rem', companyB)
    expect(response.status).toBe(200)
    expect(fields(response.text)).toEqual([['01', fixtureDni(2), '0121', '900.00', '900.00']])
  })

  it('refuses a company without payrolls in the month, and a bad period, in Spanish', async () => {
    const none = await monthFile('rem', companyC)
    expect(none.status).toBe(409)
    expect(none.body.messages).toEqual([PLAME_MESSAGES.noPayrollsInMonth('202606')])
    const bad = await monthFile('rem', companyA, '202613')
    expect(bad.status).toBe(400)
    expect(bad.body.messages.join()).toContain('Periodo inválido')
    expect((await monthFile('rem', 999_999)).status).toBe(404)
  })

  it('refuses a worker whose pension data differs between the payrolls, naming both rows', async () => {
    await t.handle.db
      .update(payrollLines)
      .set({ pensionSystem: 'ONP', cuspp: null })
      .where(eq(payrollLines.id, q1FirstLine))
    const { status, body } = await monthFile('afpnet', companyA)
    expect(status).toBe(409)
    expect(body.messages[0]).toBe(
      `Planilla Q1-2026-06, fila 2; Planilla Q2-2026-06, fila 2 (documento ${fixtureDni(0)}): ${PLAME_MESSAGES.pensionDiffers}`,
    )
  })

  it('lists the first 100 refused workers of a large month and counts the rest', async () => {
    const db = t.handle.db
    const workers = Array.from({ length: 130 }, (_, i) => ({ employee: 1_000 + i, amount: '100.00' }))
    await insertFixtureEmployees(db, 130, 1_000)
    const [{ id: companyD }] = await db
      .insert(companies)
      .values({ ruc: '20600000037', name: 'Gamma Grande S.A.', address: 'Av. Arequipa 100' })
      .returning({ id: companies.id })
    await db
      .update(employees)
      .set({ companyId: companyD })
      .where(
        inArray(
          employees.identifier,
          workers.map((w) => fixtureDni(w.employee)),
        ),
      )
    const first = await insertFixturePayroll(db, 'G1-2026-07', workers, '202607')
    const second = await insertFixturePayroll(db, 'G2-2026-07', workers, '202607')
    await db
      .update(payrollLines)
      .set({ pensionSystem: 'ONP', cuspp: null })
      .where(inArray(payrollLines.id, first.lineIds))
    await db
      .update(payrollLines)
      .set({ pensionSystem: 'AFP', cuspp: '123456ABCDE7' })
      .where(inArray(payrollLines.id, second.lineIds))
    const { status, body } = await monthFile('afpnet', companyD, '202607')
    expect(status).toBe(409)
    expect(body.messages).toHaveLength(101)
    expect(body.messages[0]).toBe(
      `Planilla G1-2026-07, fila 2; Planilla G2-2026-07, fila 2 (documento ${fixtureDni(1_000)}): ${PLAME_MESSAGES.pensionDiffers}`,
    )
    // The 130 workers, and the sheet's own: with every worker refused no AFP line is left.
    expect(body.messages[100]).toBe('… y 31 problemas más (se muestran los primeros 100)')
  })

  it('is for who may download payroll files', async () => {
    expect((await monthFile('rem', companyA, '202606', ['planillas_lista'])).status).toBe(403)
  })
})
