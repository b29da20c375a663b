import { auditLogs, contracts } from '@planillas/db'
import { CONTRACT_MESSAGES, contractEndDate, todayInLima } from '@planillas/domain'
import {
  contractBody,
  contractFixturesPerFile,
  createCatalog,
  createContract,
  createEmployee,
  fromToday,
  getContract,
  getEmployee,
  postContract,
} from '@planillas/testing/api/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, catalog } = contractFixturesPerFile()

const auditOf = (entity: string, id: number) =>
  t.handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(id))))
    .orderBy(auditLogs.id)

describe('contracts API: create and read', () => {
  it('answers every required-field message for an empty body', async () => {
    const res = await postContract(t, { contractType: 1 })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'Colaborador es requerido',
      'Fecha de Inicio es requerido',
      'Cargo es requerido',
      'Área es requerida',
      'Empresa es requerida',
      'Sueldo Base es requerido',
      'Fecha de fin es requerido',
    ])
    const numeric = await postContract(t, contractBody(1, catalog, { baseSalary: 'abc', contractType: '' }))
    expect(numeric.body.messages).toEqual([
      'Duración del Contrato es requerido',
      'El campo debe ser numérico',
    ])
  })

  it('registers a contract: number, end date, pay and status from the server; the employee becomes ACTIVO', async () => {
    const employeeId = await createEmployee(t)
    expect((await getEmployee(t, employeeId)).status).toBe(2)
    const start = '2026-01-31'
    const id = await createContract(
      t,
      contractBody(employeeId, catalog, {
        contractType: 4,
        startDate: fromToday(-30),
        finishDate: '1999-01-01',
        baseSalary: '1800.50',
        familyAllowance: true,
      }),
    )
    const c = await getContract(t, id)
    expect(c.number).toMatch(new RegExp(`^CT-${fromToday(-30).slice(0, 4)}-\\d{6}$`))
    expect(c.finishDate).toBe(contractEndDate(fromToday(-30), 4))
    expect(c).toMatchObject({
      employeeId,
      status: 1,
      contractType: 4,
      baseSalary: 1800.5,
      familyAllowance: true,
      familyAllowanceAmount: 113,
      totalSalary: 1913.5,
      closedOn: null,
      companyId: catalog.companyId,
    })
    const employee = await getEmployee(t, employeeId)
    expect(employee).toMatchObject({ status: 1, ...catalog })
    const contractAudit = await auditOf('contracts', id)
    expect(contractAudit.map((a) => a.action)).toEqual(['CREATE'])
    expect(contractAudit[0].description).toContain(`Registró el contrato ${c.number}`)
    expect(contractAudit[0].description).toContain('sueldo total S/ 1,913.50')
    const employeeAudit = await auditOf('employees', employeeId)
    expect(employeeAudit.at(-1)?.description).toContain(`pasó a ACTIVO`)
    expect(employeeAudit.at(-1)?.description).toContain(`contrato ${c.number} registrado`)
    // Whole months reach the API: 01/03 + 1 mes ends on 31/03; 31/01 + 1 mes on 28/02.
    const whole = await createContract(
      t,
      contractBody(await createEmployee(t), catalog, { contractType: 1, startDate: '2026-03-01' }),
    )
    expect((await getContract(t, whole)).finishDate).toBe('2026-03-31')
    const other = await createEmployee(t)
    const monthEnd = await createContract(
      t,
      contractBody(other, catalog, { contractType: 1, startDate: start }),
    )
    expect((await getContract(t, monthEnd)).finishDate).toBe('2026-02-28')
  })

  it('shows the asignación familiar on the RMV of the pay date, not of the start', async () => {
    // Started in June 2024 (RMV S/ 1,025) and still running: paid today on the RMV of today.
    const running = await createContract(
      t,
      contractBody(await createEmployee(t), catalog, {
        contractType: 5,
        startDate: '2024-06-01',
        baseSalary: '2000',
        familyAllowance: true,
      }),
    )
    expect(await getContract(t, running)).toMatchObject({ familyAllowanceAmount: 113, totalSalary: 2113 })
    // Over before 2025: its pay stays on the RMV of its last day.
    const over = await createContract(
      t,
      contractBody(await createEmployee(t), catalog, {
        contractType: 2,
        startDate: '2024-06-01',
        baseSalary: '2000',
        familyAllowance: true,
      }),
    )
    expect(await getContract(t, over)).toMatchObject({ familyAllowanceAmount: 102.5, totalSalary: 2102.5 })
    const list = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/list?sort=totalSalary,desc&size=100',
      payload: {},
    })
    const rows = list.body.payload.content as { id: number; totalSalary: number }[]
    expect(rows.find((r) => r.id === running)?.totalSalary).toBe(2113)
    expect(rows.find((r) => r.id === over)?.totalSalary).toBe(2102.5)
    const totals = rows.map((r) => r.totalSalary)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
  })

  it('refuses a second current contract for the same employee with the alert', async () => {
    const employeeId = await createEmployee(t)
    await createContract(t, contractBody(employeeId, catalog))
    const second = await postContract(t, contractBody(employeeId, catalog, { contractType: 5 }))
    expect(second.status).toBe(400)
    expect(second.body.messages).toEqual([CONTRACT_MESSAGES.alreadyCurrent])
    const current = await t.handle.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.employeeId, employeeId), inArray(contracts.status, [1, 2])))
    expect(current).toHaveLength(1)
  })

  it('gives POR VENCER to a contract that ends within 30 days and FINALIZADO to one already over', async () => {
    const employeeId = await createEmployee(t)
    // An old contract, already over: history, it does not block a current one.
    const past = await createContract(
      t,
      contractBody(employeeId, catalog, { contractType: 2, startDate: fromToday(-200) }),
    )
    expect(await getContract(t, past)).toMatchObject({
      status: 3,
      closedOn: contractEndDate(fromToday(-200), 2),
      closeReason: 'Vencimiento del plazo',
    })
    expect((await getEmployee(t, employeeId)).status).toBe(2)
    const soon = await createContract(
      t,
      contractBody(employeeId, catalog, { contractType: 1, startDate: fromToday(-10) }),
    )
    expect((await getContract(t, soon)).status).toBe(2)
    expect((await getEmployee(t, employeeId)).status).toBe(1)
  })

  it('checks what the contract points at', async () => {
    const employeeId = await createEmployee(t)
    const res = await postContract(
      t,
      contractBody(employeeId, { companyId: 9999, areaId: 9998, positionId: catalog.positionId }),
    )
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['Empresa no encontrada', 'Área no encontrada'])
    const ghost = await postContract(t, contractBody(99999, catalog))
    expect(ghost.body.messages).toEqual(['Colaborador no encontrado'])
    const suspended = await createCatalog(t, 'Suspendida')
    await t.call('admin', { method: 'PUT', url: `/api/v1/companies/${suspended.companyId}/status?status=2` })
    const refused = await postContract(
      t,
      contractBody(employeeId, { ...catalog, companyId: suspended.companyId }),
    )
    expect(refused.body.messages).toEqual(['La empresa seleccionada está suspendida: actívela o elija otra'])
  })

  it('edits a current contract, recomputing end date and pay, and audits the changes', async () => {
    const employeeId = await createEmployee(t)
    const id = await createContract(t, contractBody(employeeId, catalog, { startDate: '2026-03-01' }))
    const before = await getContract(t, id)
    const res = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/contracts/${id}`,
      payload: contractBody(employeeId, catalog, {
        startDate: '2026-03-01',
        contractType: 5,
        baseSalary: 3000,
        familyAllowance: true,
      }),
    })
    expect(res.status).toBe(200)
    const after = await getContract(t, id)
    expect(after).toMatchObject({
      number: before.number,
      finishDate: null,
      contractType: 5,
      totalSalary: 3113,
    })
    const entries = await auditOf('contracts', id)
    expect(entries.at(-1)?.description).toContain("Duración: '1 año' → 'Indefinido'")
    expect(entries.at(-1)?.description).toContain("Sueldo total: 'S/ 2,500.00' → 'S/ 3,113.00'")
    expect(entries.at(-1)?.actor).toBe('rrhh@planillas.pe')
  })

  it('does not edit a FINALIZADO contract', async () => {
    const employeeId = await createEmployee(t)
    const id = await createContract(t, contractBody(employeeId, catalog))
    await t.call('admin', { method: 'PUT', url: `/api/v1/contracts/${id}/status?status=3` })
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/contracts/${id}`,
      payload: contractBody(employeeId, catalog),
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([CONTRACT_MESSAGES.closedNotEditable])
  })

  it('answers 404 for an unknown contract and enforces the permissions', async () => {
    expect((await t.call('admin', { method: 'GET', url: '/api/v1/contracts/987654' })).status).toBe(404)
    const employeeId = await createEmployee(t)
    expect(
      (
        await t.call('lector', {
          method: 'POST',
          url: '/api/v1/contracts',
          payload: contractBody(employeeId, catalog),
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/contracts/list', payload: {} })).status,
    ).toBe(200)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/contracts/list', payload: {} })).status,
    ).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/contracts/xlsx', payload: {} })).status,
    ).toBe(403)
  })

  it('previews the form: employee data, the current-contract alert, end date, pay and no save', async () => {
    const employeeId = await createEmployee(t, { identifier: '45123456', name: 'Rosa', surname: 'Tito Pari' })
    const empty = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/preview',
      payload: {
        employeeId,
        contractType: 1,
        startDate: '2028-01-31',
        baseSalary: '1000',
        familyAllowance: true,
      },
    })
    expect(empty.body.payload).toMatchObject({
      employee: { id: employeeId, identifierType: 1, identifier: '45123456', fullName: 'Rosa Tito Pari' },
      currentContract: null,
      alert: null,
      finishDate: '2028-02-29',
      familyAllowanceAmount: 113,
      totalSalary: 1113,
    })
    // A base below the RMV (S/ 1,130) warns; the RMV itself does not.
    expect(empty.body.payload.warnings).toEqual([
      'El Sueldo Base (S/ 1,000.00) es menor que la remuneración mínima vital vigente (S/ 1,130.00). ' +
        'Para una jornada completa el sueldo no puede ser menor a la RMV.',
    ])
    const atMinimum = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/preview',
      payload: { employeeId, contractType: 1, startDate: '2028-01-31', baseSalary: '1130' },
    })
    expect(atMinimum.body.payload.warnings).toEqual([])
    const id = await createContract(t, contractBody(employeeId, catalog))
    const alerted = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/preview',
      payload: { employeeId },
    })
    expect(alerted.body.payload.alert).toBe(CONTRACT_MESSAGES.alreadyCurrent)
    expect(alerted.body.payload.currentContract.id).toBe(id)
    // Editing that same contract is no reason for the alert.
    const editing = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/preview',
      payload: { employeeId, contractId: id, startDate: todayInLima() },
    })
    expect(editing.body.payload.alert).toBeNull()
  })
})
