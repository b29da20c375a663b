import { auditLogs, employees, payrollLines, payrolls } from '@planillas/db'
import { LINE_REVIEW, LINE_REVIEW_MESSAGES, LINE_STATE } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let payrollId = 0
const lineIds: number[] = []
const FLAGS = [LINE_REVIEW.BANK_DATA_DIFFER | LINE_REVIEW.NO_CONTRACT, LINE_REVIEW.DUPLICATE_IN_PERIOD, 0]

beforeAll(async () => {
  t = await createTestApp()
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 3)
  const [payroll] = await t.handle.db
    .insert(payrolls)
    .values({
      code: 'PL-REV-1',
      name: 'Revisión',
      type: 1,
      period: '202611',
      collaborators: 3,
      totalAmount: '300',
    })
    .returning()
  payrollId = payroll.id
  const lines = await t.handle.db
    .insert(payrollLines)
    .values(
      FLAGS.map((reviewFlags, i) => ({
        payrollId,
        rowNumber: i + 2,
        employeeId: i + 1,
        identifierType: 1,
        identifier: fixtureDni(i),
        fullName: `NOMBRE ${i} APELLIDO ${i}`,
        bankCode: '002',
        bankAccount: `19100000000${i}`,
        amount: '100.00',
        reviewFlags,
      })),
    )
    .returning({ id: payrollLines.id })
  lineIds.push(...lines.map((l) => l.id))
})
afterAll(() => t.close())

const confirm = (role: 'rrhh' | 'lector', lineId: number, id = payrollId) =>
  t.call(role, { method: 'POST', url: `/api/v1/payroll/${id}/lines/${lineId}/confirm` })

describe('payroll line review API', () => {
  it('lists each line with its review reasons and state', async () => {
    const res = await t.call('lector', {
      method: 'POST',
      url: `/api/v1/payroll/${payrollId}/lines`,
      payload: {},
    })
    expect(
      res.body.payload.content.map((l: { reviewReasons: string[]; state: number }) => [
        l.state,
        l.reviewReasons,
      ]),
    ).toEqual([
      [
        LINE_STATE.OBSERVED,
        ['Datos bancarios distintos a los verificados del colaborador', 'Colaborador SIN CONTRATO'],
      ],
      [LINE_STATE.PENDING, ['El documento figura en otra planilla del mismo periodo y tipo']],
      [LINE_STATE.PENDING, []],
    ])
  })

  it('confirms a flagged line once, with an audit entry; needs planillas_edicion', async () => {
    expect((await confirm('lector', lineIds[0])).status).toBe(403)
    const res = await confirm('rrhh', lineIds[0])
    expect(res.status).toBe(200)
    const [line] = await t.handle.db.select().from(payrollLines).where(eq(payrollLines.id, lineIds[0]))
    expect(line.reviewConfirmedBy).toBe('rrhh@planillas.pe')
    expect(line.reviewConfirmedAt).toBeInstanceOf(Date)
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payroll_lines'))
    expect(audit.map((a) => a.description)).toEqual([
      `Confirmó la línea de la fila 2 de la planilla PL-REV-1 (DNI ${fixtureDni(0)}, NOMBRE 0 APELLIDO 0): Datos bancarios distintos a los verificados del colaborador; Colaborador SIN CONTRATO`,
    ])
    const again = await confirm('rrhh', lineIds[0])
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual([LINE_REVIEW_MESSAGES.alreadyConfirmed])
  })

  it('refuses a line with nothing to confirm (a warning only, or no flag) and a line of another payroll', async () => {
    for (const id of [lineIds[1], lineIds[2]]) {
      const res = await confirm('rrhh', id)
      expect(res.status).toBe(400)
      expect(res.body.messages).toEqual([LINE_REVIEW_MESSAGES.nothingToConfirm])
    }
    expect((await confirm('rrhh', lineIds[0], payrollId + 1000)).status).toBe(404)
  })

  it('confirms several observed lines at once, all or none, an audit entry each', async () => {
    // Two more employees (fixture employees 15 and 16) with observed lines in the same payroll.
    await insertFixtureEmployees(t.handle.db, 2, 15)
    const employeesOf = await t.handle.db
      .select({ id: employees.id, identifier: employees.identifier })
      .from(employees)
      .where(inArray(employees.identifier, [fixtureDni(15), fixtureDni(16)]))
    const employeeOf = (dni: string) => employeesOf.find((e) => e.identifier === dni)?.id as number
    const added = await t.handle.db
      .insert(payrollLines)
      .values(
        [5, 6].map((rowNumber) => ({
          payrollId,
          rowNumber,
          employeeId: employeeOf(fixtureDni(rowNumber + 10)),
          identifierType: 1,
          identifier: fixtureDni(rowNumber + 10),
          fullName: 'NOMBRE 0 APELLIDO 0',
          bankCode: '002',
          bankAccount: '191000000009',
          amount: '50.00',
          reviewFlags: LINE_REVIEW.NO_CONTRACT,
        })),
      )
      .returning({ id: payrollLines.id })
    const ids = added.map((l) => l.id)
    const bulk = (role: 'rrhh' | 'lector', payload: object) =>
      t.call(role, { method: 'POST', url: `/api/v1/payroll/${payrollId}/lines/confirm`, payload })
    expect((await bulk('lector', { ids })).status).toBe(403)
    // One line with nothing to confirm refuses the whole selection, naming its row.
    const refused = await bulk('rrhh', { ids: [...ids, lineIds[1]] })
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([`Fila 3: ${LINE_REVIEW_MESSAGES.nothingToConfirm}`])
    const unconfirmed = await t.handle.db.select().from(payrollLines).where(eq(payrollLines.id, ids[0]))
    expect(unconfirmed[0].reviewConfirmedAt).toBeNull()
    const done = await bulk('rrhh', { ids })
    expect(done.status).toBe(200)
    expect(done.body.messages).toEqual(['2 líneas confirmadas: ya pueden abonarse'])
    for (const id of ids) {
      const [line] = await t.handle.db.select().from(payrollLines).where(eq(payrollLines.id, id))
      expect(line.reviewConfirmedBy).toBe('rrhh@planillas.pe')
      const entries = await t.handle.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.entityId, String(id)))
      expect(entries).toHaveLength(1)
    }
    expect((await bulk('rrhh', { ids: [] })).status).toBe(400)
  })
})
