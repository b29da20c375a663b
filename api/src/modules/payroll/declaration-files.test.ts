import { companies, employees, payrollLineConcepts, payrollLines, payrolls } from '@planillas/db'
import { PLAME_MESSAGES } from '@planillas/domain'
import { afpnetJuneRow } from '@planillas/domain/payroll-fixtures'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let payrollId: number
let companyId: number

/** The June 2026 worked concepts (research notes' boleta example): net S/ 2,266.78. */
const JUNE = [
  ['0121', 'Remuneración o jornal básico', 1, 250000],
  ['0201', 'Asignación familiar', 1, 11300],
  ['0608', 'Sistema Privado de Pensiones - aporte obligatorio', 2, 26130],
  ['0601', 'Comisión AFP porcentual', 2, 4050],
  ['0606', 'Prima de seguro AFP', 2, 4442],
  ['0804', 'ESSALUD (regular CBSSP agrario/AC) trabajador', 3, 23517],
] as const

async function seedLine(row: number, employee: number, extras: Partial<typeof payrollLines.$inferInsert>) {
  const [line] = await t.handle.db
    .insert(payrollLines)
    .values({
      payrollId,
      rowNumber: row,
      employeeId: employee + 1,
      identifierType: 1,
      identifier: fixtureDni(employee),
      fullName: `NOMBRE ${employee}`,
      bankCode: '002',
      bankAccount: `19100000000${employee}`,
      amount: '2266.78',
      ordinaryMinutes: 192 * 60,
      overtimeMinutes: 75,
      daysWorked: 30,
      ...extras,
    })
    .returning()
  await t.handle.db.insert(payrollLineConcepts).values(
    JUNE.map(([code, description, kind, amountCents]) => ({
      payrollId,
      payrollLineId: line.id,
      code,
      description,
      kind,
      amountCents,
    })),
  )
  return line
}

beforeAll(async () => {
  t = await createTestApp()
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 3)
  await t.handle.db
    .update(employees)
    .set({ surname: 'QUISPE HUAMÁN', name: 'ROSA ELENA' })
    .where(eq(employees.identifier, fixtureDni(0)))
  const [company] = await t.handle.db
    .insert(companies)
    .values({ ruc: '20100070970', name: 'Empresa Demo S.A.C.', address: 'Av. Lima 123' })
    .returning()
  companyId = company.id
  const [payroll] = await t.handle.db
    .insert(payrolls)
    .values({
      code: 'PL-JUN',
      name: 'Junio',
      type: 2,
      period: '202606',
      collaborators: 2,
      totalAmount: '4533.56',
    })
    .returning()
  payrollId = payroll.id
  await seedLine(2, 0, { pensionSystem: 'AFP', cuspp: '123456ABCDE7' })
  await seedLine(3, 1, { pensionSystem: 'ONP' })
})
afterAll(() => t.close())

const file = (kind: string, who: 'admin' | 'lector' = 'admin', company = companyId) =>
  t.call(who, { method: 'GET', url: `/api/v1/payroll/${payrollId}/files/${kind}?companyId=${company}` })

describe('payroll concepts and declaration files', () => {
  it('answers each line with its concepts, days, minutes and pension data', async () => {
    const { status, body } = await t.call('lector', {
      method: 'POST',
      url: `/api/v1/payroll/${payrollId}/lines`,
      payload: {},
    })
    expect(status).toBe(200)
    const [first] = body.payload.content
    expect(first).toMatchObject({
      daysWorked: 30,
      ordinaryMinutes: 11520,
      overtimeMinutes: 75,
      pensionSystem: 'AFP',
      cuspp: '123456ABCDE7',
    })
    expect(first.concepts.map((c: { code: string; amountCents: number }) => [c.code, c.amountCents])).toEqual(
      JUNE.map(([code, , , cents]) => [code, cents]),
    )
    expect(first.concepts[0]).toMatchObject({ description: 'Remuneración o jornal básico', kind: 1 })
  })

  it('gives the month’s .rem named as SUNAT names it: one line per worker and concept, CRLF, trailing |', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payroll/${payrollId}/files/rem?companyId=${companyId}`,
      headers: await t.as('admin'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('060120260620100070970.rem')
    const lines = response.body.split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines[0]).toBe(`01|${fixtureDni(0)}|0121|2500.00|2500.00|`)
    expect(lines).toHaveLength(12)
    expect(lines.slice(0, 6).map((l) => l.split('|').slice(2, 4))).toEqual([
      ['0121', '2500.00'],
      ['0201', '113.00'],
      ['0608', '261.30'],
      ['0601', '40.50'],
      ['0606', '44.42'],
      ['0804', '235.17'],
    ])
    for (const line of lines) expect(line.split('|')).toHaveLength(6)
  })

  it('gives the .jor with hours and minutes', async () => {
    const response = await file('jor')
    expect(response.status).toBe(200)
    expect(Buffer.from(response.body).toString('ascii')).toBe(
      `01|${fixtureDni(0)}|192|0|1|15|\r\n01|${fixtureDni(1)}|192|0|1|15|\r\n`,
    )
  })

  it('gives the AFPnet sheet: AFP lines only, 17 columns, no header, L the remuneración asegurable', async () => {
    const response = await file('afpnet')
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(1)
    const values = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(values).toHaveLength(17)
    expect(values).toEqual(afpnetJuneRow(fixtureDni(0)))
  })

  it('refuses the AFPnet sheet naming the line that has no CUSPP', async () => {
    const line = await seedLine(4, 2, { pensionSystem: 'AFP' })
    const response = await file('afpnet')
    expect(response.status).toBe(409)
    expect(response.body.messages).toEqual([PLAME_MESSAGES.line(4, fixtureDni(2), PLAME_MESSAGES.noCuspp)])
    await t.handle.db.delete(payrollLines).where(eq(payrollLines.id, line.id))
  })

  it('answers 404 for a company that does not exist, 400 for a bad kind, 403 without the permission', async () => {
    expect((await file('rem', 'admin', 999_999)).status).toBe(404)
    expect((await file('tox')).status).toBe(400)
    // However malformed, a request gets a Spanish 400, never a 5xx.
    for (const company of ['abc', '99999999999', '-1', '']) {
      const response = await t.call('admin', {
        method: 'GET',
        url: `/api/v1/payroll/${payrollId}/files/rem?companyId=${company}`,
      })
      expect(response.status).toBe(400)
      expect(response.body.messages).toEqual(['Elija la empresa que declara'])
    }
    expect(
      (await t.call('admin', { method: 'GET', url: '/api/v1/payroll/abc/files/rem?companyId=1' })).status,
    ).toBe(400)
    expect(
      (
        await t.call(['planillas_lista'], {
          method: 'GET',
          url: `/api/v1/payroll/${payrollId}/files/rem?companyId=${companyId}`,
        })
      ).status,
    ).toBe(403)
  })
})
