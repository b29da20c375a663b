import { auditLogs } from '@planillas/db'
import { addMonths, CONTRACT_MESSAGES, contractEndDate, renewalStart, todayInLima } from '@planillas/domain'
import {
  changeStatus,
  contractBody,
  contractFixturesPerFile,
  createContract,
  createEmployee,
  fromToday,
  getContract,
  getEmployee,
  postContract,
} from '@planillas/testing/api/contracts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, catalog } = contractFixturesPerFile()

/** A new employee with a VIGENTE contract (1 año from today) or a POR VENCER one (1 mes, started 10 days ago). */
async function contractIn(status: 1 | 2) {
  const employeeId = await createEmployee(t)
  const overrides = status === 2 ? { contractType: 1, startDate: fromToday(-10) } : {}
  const id = await createContract(t, contractBody(employeeId, catalog, overrides))
  expect((await getContract(t, id)).status).toBe(status)
  return { id, employeeId }
}

const lastAudit = async (entity: string, id: number) =>
  (
    await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(id))))
      .orderBy(auditLogs.id)
  ).at(-1)

describe('contract status engine over the API', () => {
  it('VIGENTE → FINALIZADO: closes today, the employee becomes SIN CONTRATO, both audited', async () => {
    const { id, employeeId } = await contractIn(1)
    const res = await changeStatus(t, id, 3, { reason: 'Mutuo disenso' })
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual(['Estado actualizado correctamente'])
    expect(await getContract(t, id)).toMatchObject({
      status: 3,
      closedOn: todayInLima(),
      closeReason: 'Mutuo disenso',
      closedBy: 'admin@planillas.pe',
    })
    expect((await getEmployee(t, employeeId)).status).toBe(2)
    expect((await lastAudit('contracts', id))?.description).toMatch(
      /^Finalizó el contrato CT-.*VIGENTE → FINALIZADO .*motivo: Mutuo disenso/,
    )
    expect((await lastAudit('employees', employeeId))?.description).toContain('pasó a SIN CONTRATO')
  })

  it('VIGENTE → DESPEDIDO needs a reason, and takes a past effective date', async () => {
    const { id, employeeId } = await contractIn(1)
    const missing = await changeStatus(t, id, 4)
    expect(missing.status).toBe(400)
    expect(missing.body.messages).toEqual([CONTRACT_MESSAGES.reasonRequired])
    const future = await changeStatus(t, id, 4, { reason: 'Falta grave', date: fromToday(1) })
    expect(future.body.messages).toEqual([CONTRACT_MESSAGES.closeDateFuture])
    const early = await changeStatus(t, id, 4, { reason: 'Falta grave', date: fromToday(-1) })
    expect(early.body.messages[0]).toMatch(/^La fecha de cese no puede ser anterior al inicio del contrato/)
    expect((await getContract(t, id)).status).toBe(1)
    const ok = await changeStatus(t, id, 4, { reason: 'Falta grave', date: todayInLima() })
    expect(ok.status).toBe(200)
    expect(await getContract(t, id)).toMatchObject({ status: 4, closeReason: 'Falta grave' })
    expect((await getEmployee(t, employeeId)).status).toBe(2)
    expect((await lastAudit('contracts', id))?.description).toMatch(
      /^Despidió al colaborador del contrato .*motivo: Falta grave/,
    )
  })

  it('POR VENCER → FINALIZADO is allowed', async () => {
    const { id } = await contractIn(2)
    expect((await changeStatus(t, id, 3)).status).toBe(200)
    expect((await getContract(t, id)).status).toBe(3)
  })

  it('refuses every transition the engine does not offer, changing nothing', async () => {
    const vigente = await contractIn(1)
    const porVencer = await contractIn(2)
    const refused: [number, number, string][] = [
      [
        vigente.id,
        2,
        'Un contrato VIGENTE no puede pasar a POR VENCER; acciones permitidas: Finalizar o Despedir',
      ],
      [vigente.id, 1, 'El contrato ya está VIGENTE'],
      [
        porVencer.id,
        1,
        'Un contrato POR VENCER no vuelve a VIGENTE: use Renovar para registrar el nuevo contrato',
      ],
      [
        porVencer.id,
        4,
        'Un contrato POR VENCER no puede pasar a DESPEDIDO; acciones permitidas: Renovar o Finalizar',
      ],
      [vigente.id, 9, 'Estado de contrato inválido'],
    ]
    for (const [id, status, message] of refused) {
      const res = await changeStatus(t, id, status, { reason: 'x' })
      expect(res.status, `${id} → ${status}`).toBe(400)
      expect(res.body.messages).toEqual([message])
    }
    expect((await getContract(t, vigente.id)).status).toBe(1)
    expect((await getContract(t, porVencer.id)).status).toBe(2)
    await changeStatus(t, vigente.id, 3)
    for (const status of [1, 2, 4]) {
      const res = await changeStatus(t, vigente.id, status, { reason: 'x' })
      expect(res.body.messages).toEqual(['Un contrato FINALIZADO no admite cambios de estado'])
    }
    expect((await changeStatus(t, vigente.id, 3)).body.messages).toEqual(['El contrato ya está FINALIZADO'])
    await changeStatus(t, porVencer.id, 3)
    const dismissedEmployee = await contractIn(1)
    await changeStatus(t, dismissedEmployee.id, 4, { reason: 'Abandono de trabajo' })
    expect((await changeStatus(t, dismissedEmployee.id, 3)).body.messages).toEqual([
      'Un contrato DESPEDIDO no admite cambios de estado',
    ])
    expect(
      (await t.call('lector', { method: 'PUT', url: `/api/v1/contracts/${porVencer.id}/status?status=3` }))
        .status,
    ).toBe(403)
  })
})

describe('renewal', () => {
  it('prefills a new contract from a POR VENCER one, starting the day after it ends', async () => {
    const { id, employeeId } = await contractIn(2)
    const old = await getContract(t, id)
    const res = await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${id}/renewal` })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({
      renewsContractId: id,
      employeeId,
      contractType: 1,
      startDate: renewalStart(old.finishDate),
      finishDate: contractEndDate(renewalStart(old.finishDate), 1),
      baseSalary: 2500,
      warnings: [],
      ...catalog,
    })
    const vigente = await contractIn(1)
    const refused = await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${vigente.id}/renewal` })
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([CONTRACT_MESSAGES.renewOnlyToExpire])
  })

  it('registers the renewal and closes the old contract in one go; the employee stays ACTIVO', async () => {
    const { id, employeeId } = await contractIn(2)
    const prefill = (await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${id}/renewal` })).body
      .payload
    const tooEarly = await postContract(t, { ...prefill, startDate: fromToday(0) })
    expect(tooEarly.status).toBe(400)
    expect(tooEarly.body.messages[0]).toMatch(/^La renovación debe iniciar después del fin del contrato CT-/)
    const newId = await createContract(t, { ...prefill, contractType: 4 })
    const [oldAfter, renewed] = [await getContract(t, id), await getContract(t, newId)]
    expect(oldAfter).toMatchObject({ status: 3, closedOn: oldAfter.finishDate, renewedById: newId })
    expect(oldAfter.closeReason).toBe(`Renovado con el contrato ${renewed.number}`)
    expect(renewed).toMatchObject({ status: 1, renewsContractId: id, startDate: prefill.startDate })
    expect((await getEmployee(t, employeeId)).status).toBe(1)
    expect((await lastAudit('contracts', id))?.description).toContain(
      `al renovarlo con el contrato ${renewed.number}`,
    )
    // A contract is renewed once.
    const again = await postContract(t, { ...prefill, contractType: 4 })
    expect(again.status).toBe(400)
  })

  it('refuses to renew another employee’s contract or a VIGENTE one', async () => {
    const porVencer = await contractIn(2)
    const vigente = await contractIn(1)
    const other = await createEmployee(t)
    const wrongEmployee = await postContract(
      t,
      contractBody(other, catalog, { renewsContractId: porVencer.id, startDate: fromToday(60) }),
    )
    expect(wrongEmployee.body.messages).toEqual([CONTRACT_MESSAGES.renewOtherEmployee])
    const notYet = await postContract(
      t,
      contractBody(vigente.employeeId, catalog, { renewsContractId: vigente.id, startDate: fromToday(400) }),
    )
    expect(notYet.body.messages).toEqual([CONTRACT_MESSAGES.renewOnlyToExpire])
  })

  it('warns when the renewal would pass five consecutive years of fixed-term contracts', async () => {
    const employeeId = await createEmployee(t)
    // Four and a half years of back-to-back one-year contracts, the last one POR VENCER.
    let start = addMonths(fromToday(-10), -48)
    for (let i = 0; i < 4; i++) {
      await createContract(t, contractBody(employeeId, catalog, { contractType: 4, startDate: start }))
      start = renewalStart(contractEndDate(start, 4) as string)
    }
    const last = await createContract(
      t,
      contractBody(employeeId, catalog, { contractType: 1, startDate: fromToday(-10) }),
    )
    const prefill = (await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${last}/renewal` })).body
      .payload
    expect(prefill.warnings).toEqual([])
    const preview = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/preview',
      payload: { ...prefill, contractType: 4 },
    })
    expect(preview.body.payload.warnings[0]).toMatch(
      /superaría 5 años de contratos a plazo fijo consecutivos/,
    )
    expect(preview.body.payload.alert).toBeNull()
  })
})
