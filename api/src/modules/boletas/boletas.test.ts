import { auditLogs, boletaDeliveries, rowsOf } from '@planillas/db'
import { BOLETA_STATE } from '@planillas/domain'
import { createTestApp, IDLE_QUEUE, type TestApp } from '@planillas/testing/api/app'
import { insertBoletaPayroll } from '@planillas/testing/boleta-fixtures'
import { pdfPageTexts } from '@planillas/testing/payment-fixtures'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let payrollId = 0
let lineIds: number[] = []

beforeAll(async () => {
  t = await createTestApp({ mail: null }, { jobs: IDLE_QUEUE })
  ;({ payrollId, lineIds } = await insertBoletaPayroll(t.handle.db, {
    code: 'PL-API',
    workers: 3,
    paidDate: '2026-07-24',
  }))
}, 120_000)
afterAll(() => t?.close())

const boletaUrl = (lineId: number, id = payrollId) => `/api/v1/payroll/${id}/lines/${lineId}/boleta`

describe('boleta de pago API', () => {
  it('answers one line’s boleta as a PDF with its figures', async () => {
    const res = await t.call('lector', { method: 'GET', url: boletaUrl(lineIds[0]) })
    expect(res.status).toBe(200)
    const [text] = await pdfPageTexts(res.body)
    expect(text).toContain('Neto a pagar\nS/ 2,266.78')
    expect(text).toContain('0804\nESSALUD - Seguro regular trabajador\nS/ 235.17')
    const none = await t.call('lector', { method: 'GET', url: boletaUrl(lineIds[1]) })
    const [plain] = await pdfPageTexts(none.body)
    expect(plain).toContain('Esta planilla no registra conceptos: la boleta muestra solo el monto abonado.')
    expect(plain).toContain('Monto abonado\nS/ 1,500.50')
  })

  it('answers a Spanish 404 for a line of another payroll and a 400 for a malformed id, never a 5xx', async () => {
    const other = await t.call('lector', { method: 'GET', url: boletaUrl(lineIds[0], payrollId + 1000) })
    expect(other.status).toBe(404)
    expect(other.body.messages).toEqual(['La línea no existe en esta planilla'])
    const bad = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payroll/${payrollId}/lines/abc/boleta`,
    })
    expect(bad.status).toBe(400)
  })

  it('records a delivery by hand once (a second one is a 409 naming when), audited; a reader may not', async () => {
    const url = `/api/v1/payroll/${payrollId}/lines/${lineIds[2]}/boleta/delivery`
    expect((await t.call('lector', { method: 'POST', url })).status).toBe(403)
    const first = await t.call('rrhh', { method: 'POST', url })
    expect(first.status).toBe(200)
    expect(first.body.payload).toMatchObject({
      lineId: lineIds[2],
      method: 2,
      deliveredBy: 'rrhh@planillas.pe',
    })
    const again = await t.call('rrhh', { method: 'POST', url })
    expect(again.status).toBe(409)
    expect(again.body.messages[0]).toMatch(/^La boleta de esta línea ya se entregó el \d{2}\/\d{2}\/\d{4} /)
    const audits = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'boleta_deliveries'))
    expect(audits.map((a) => a.description)).toEqual([
      `Entrega de la boleta de 06/2026 de APELLIDO 2, NOMBRE 2 (planilla PL-API) registrada a mano`,
    ])
  })

  it('lets one of two clerks recording the same delivery at once win; the other gets a 409', async () => {
    const { payrollId: id, lineIds: lines } = await insertBoletaPayroll(t.handle.db, {
      code: 'PL-RACE',
      workers: 1,
      from: 50,
    })
    const url = `/api/v1/payroll/${id}/lines/${lines[0]}/boleta/delivery`
    const answers = await Promise.all([
      t.call('rrhh', { method: 'POST', url }),
      t.call('admin', { method: 'POST', url }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const rows = await t.handle.db
      .select()
      .from(boletaDeliveries)
      .where(eq(boletaDeliveries.payrollLineId, lines[0]))
    expect(rows).toHaveLength(1)
  })

  it('shows a boleta paid on 24/07/2026 due on 31/07, one delivered on 03/08 late, and the undelivered overdue', async () => {
    await t.handle.db
      .update(boletaDeliveries)
      .set({ deliveredAt: new Date('2026-08-03T15:00:00Z') })
      .where(eq(boletaDeliveries.payrollLineId, lineIds[2]))
    const res = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payroll/${payrollId}/boletas/lines?lineIds=${lineIds[0]}&lineIds=${lineIds[2]}`,
    })
    expect(res.status).toBe(200)
    const [undelivered, late] = res.body.payload
    expect(undelivered).toMatchObject({ dueDate: '2026-07-31', state: BOLETA_STATE.OVERDUE, late: false })
    expect(late).toMatchObject({ dueDate: '2026-07-31', state: BOLETA_STATE.DELIVERED_LATE, late: true })
    const summary = await t.call('lector', { method: 'GET', url: `/api/v1/payroll/${payrollId}/boletas` })
    expect(summary.body.payload).toMatchObject({
      lines: 3,
      delivered: 1,
      deliveredLate: 1,
      acknowledged: 0,
      pending: 2,
      overdue: 2,
      mailConfigured: false,
    })
    const overdue = await t.call('lector', { method: 'GET', url: '/api/v1/boletas/overdue' })
    expect(overdue.body.payload.payrolls).toContainEqual({
      id: payrollId,
      code: 'PL-API',
      name: 'Planilla PL-API',
      overdue: 2,
    })
  })

  it('lists a worker’s boletas by period', async () => {
    const [line] = rowsOf<{ employee_id: number }>(
      await t.handle.db.execute(sql`select employee_id from payroll_lines where id = ${lineIds[2]}`),
    )
    const res = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/employees/${line.employee_id}/boletas`,
    })
    expect(res.body.payload).toEqual([
      expect.objectContaining({ lineId: lineIds[2], payrollCode: 'PL-API', period: '202606', late: true }),
    ])
  })

  it('refuses e-mail without an SMTP server, and a second run while one is under way', async () => {
    const url = `/api/v1/payroll/${payrollId}/boletas/runs`
    const mail = await t.call('rrhh', { method: 'POST', url, payload: { kind: 2 } })
    expect(mail.status).toBe(409)
    expect(mail.body.messages[0]).toMatch(/^No hay un servidor de correo configurado/)
    const zip = await t.call('rrhh', { method: 'POST', url, payload: { kind: 1 } })
    expect(zip.status).toBe(200)
    expect(zip.body.payload).toMatchObject({ kind: 1, status: 1, requestedBy: 'rrhh@planillas.pe' })
    const again = await t.call('rrhh', { method: 'POST', url, payload: { kind: 1 } })
    expect(again.status).toBe(409)
    const wrong = await t.call('rrhh', { method: 'POST', url, payload: { kind: 7 } })
    expect(wrong.status).toBe(400)
    const notYet = await t.call('lector', { method: 'GET', url: `/api/v1/payroll/${payrollId}/boletas/zip` })
    expect(notYet.status).toBe(404)
  })

  it('answers an unknown acknowledgement link with a Spanish 404 and a malformed one with a 400, signed in or not', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/boletas/acknowledgements/${'a'.repeat(43)}`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().messages).toEqual(['El enlace de confirmación no es válido o ya no existe.'])
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/v1/boletas/acknowledgements/${'b'.repeat(43)}`,
    })
    expect(post.statusCode).toBe(404)
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/boletas/acknowledgements/%00x' })
    expect(malformed.statusCode).toBe(400)
  })
})
