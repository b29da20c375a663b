import { applicants, auditLogs, contracts, employees } from '@planillas/db'
import { HIRE_MESSAGES, todayInLima } from '@planillas/domain'
import type { TestApp } from '@planillas/testing/api/app'
import {
  type Catalog,
  contractBody,
  createCatalog,
  createContractTestApp,
} from '@planillas/testing/api/contracts'
import { createEmployee, employeeBody } from '@planillas/testing/api/employees'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let catalog: Catalog
let vacancy: number
let requester: number

beforeAll(async () => {
  t = await createContractTestApp()
  catalog = await createCatalog(t, 'Contratar')
  requester = await createEmployee(t, { companyId: catalog.companyId })
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/job-openings',
    payload: {
      code: 'VAC-HIRE',
      positionId: catalog.positionId,
      areaId: catalog.areaId,
      minExperienceYears: 1,
      requestedById: requester,
      details: '<p>Analista</p>',
    },
  })
  vacancy = res.body.payload.id
})
afterAll(() => t.close())

/** An applicant to the vacancy, through the API. */
async function applicant(identifier: string) {
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/applicants',
    payload: {
      identifierType: 1,
      identifier,
      name: 'Carmen',
      surname: 'Flores Ramos',
      email: 'carmen@correo.pe',
      mobile: '987111222',
      jobOpeningId: vacancy,
    },
  })
  expect(res.status).toBe(200)
  return res.body.payload.id as number
}

/** The hiring form's body: the employee's data and the contract's terms. */
const hireBody = (identifier: string, over: Record<string, unknown> = {}) => {
  const employee = employeeBody({ identifier })
  const { employeeId: _e, ...terms } = contractBody(0, catalog, { contractType: 3 })
  return { ...employee, ...terms, ...over }
}

const hire = (who: Parameters<TestApp['call']>[0], id: number, payload: object) =>
  t.call(who, { method: 'POST', url: `/api/v1/applicants/${id}/hire`, payload })

const tally = async () => {
  const db = t.handle.db
  const [[e], [c], [a]] = await Promise.all([
    db.select({ n: count() }).from(employees),
    db.select({ n: count() }).from(contracts),
    db.select({ n: count() }).from(auditLogs),
  ])
  return { employees: e.n, contracts: c.n, audits: a.n }
}

describe('POST /applicants/:id/hire', () => {
  it('creates the employee and the contract in one call, audited, and marks the applicant hired', async () => {
    const id = await applicant('46100001')
    const before = await tally()
    const res = await hire('rrhh', id, hireBody('46100001'))
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual([HIRE_MESSAGES.hired])
    const { employeeId, contractId } = res.body.payload
    const [employee] = await t.handle.db.select().from(employees).where(eq(employees.id, employeeId))
    expect(employee).toMatchObject({ identifier: '46100001', name: 'María Elena', status: 1 })
    expect(employee.companyId).toBe(catalog.companyId)
    const [contract] = await t.handle.db.select().from(contracts).where(eq(contracts.id, contractId))
    expect(contract).toMatchObject({
      employeeId,
      contractType: 3,
      startDate: todayInLima(),
      areaId: catalog.areaId,
      positionId: catalog.positionId,
      status: 1,
    })
    const audits = await t.handle.db.select().from(auditLogs).orderBy(auditLogs.id)
    const entities = audits.slice(before.audits).map((a) => `${a.action} ${a.entity} ${a.entityId}`)
    expect(entities).toEqual(
      expect.arrayContaining([
        `CREATE employees ${employeeId}`,
        `CREATE contracts ${contractId}`,
        `UPDATE applicants ${id}`,
      ]),
    )
    const row = await t.call('rrhh', { method: 'GET', url: `/api/v1/applicants/${id}` })
    expect(row.body.payload).toMatchObject({
      hiredEmployeeId: employeeId,
      hiredContractId: contractId,
      hiredContractNumber: contract.number,
    })
    const opening = await t.call('rrhh', { method: 'GET', url: `/api/v1/job-openings/${vacancy}` })
    expect(opening.body.payload.hired).toBe(1)
    // Hired once: a second 'Contratar' of the same applicant is refused.
    const again = await hire('rrhh', id, hireBody('46100009'))
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual([HIRE_MESSAGES.alreadyHired])
  })

  it("refuses a document whose employee has a current contract with the contract's message, changing nothing", async () => {
    const employeeId = await createEmployee(t, { identifier: '46200002' })
    const contract = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts',
      payload: contractBody(employeeId, catalog),
    })
    expect(contract.status).toBe(200)
    const id = await applicant('46200002')
    const before = await tally()
    const res = await hire('rrhh', id, hireBody('46200002', { name: 'Otro Nombre' }))
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'Este colaborador ya tiene un contrato vigente. Finalice el contrato actual antes de registrar uno nuevo.',
    ])
    expect(await tally()).toEqual(before)
    const [row] = await t.handle.db.select().from(applicants).where(eq(applicants.id, id))
    expect(row.hiredContractId).toBeNull()
    const [employee] = await t.handle.db.select().from(employees).where(eq(employees.id, employeeId))
    expect(employee.name).toBe('María Elena')
  })

  it("hires a former employee (no current contract) with the form's data and a new contract", async () => {
    const employeeId = await createEmployee(t, { identifier: '46300003' })
    const id = await applicant('46300003')
    const res = await hire('rrhh', id, hireBody('46300003', { address: 'Jr. Nuevo 45' }))
    expect(res.status).toBe(200)
    expect(res.body.payload.employeeId).toBe(employeeId)
    const [employee] = await t.handle.db.select().from(employees).where(eq(employees.id, employeeId))
    expect(employee).toMatchObject({ address: 'Jr. Nuevo 45', status: 1, areaId: catalog.areaId })
  })

  it('rolls back the employee when the contract is refused (bad input changes nothing)', async () => {
    const id = await applicant('46400004')
    const before = await tally()
    const res = await hire('rrhh', id, hireBody('46400004', { areaId: 999_999 }))
    expect(res.status).toBe(400)
    expect(await tally()).toEqual(before)
    const invalid = await hire('rrhh', id, hireBody('46400004', { baseSalary: '', birthDate: '' }))
    expect(invalid.status).toBe(400)
    expect(invalid.body.messages).toEqual(
      expect.arrayContaining(['Sueldo Base es requerido', 'Fecha de nacimiento es requerida']),
    )
    expect(await tally()).toEqual(before)
  })

  it('needs both the employee and the contract edit permissions', async () => {
    const id = await applicant('46500005')
    const before = await tally()
    for (const roles of [['colaboradores_edicion'], ['contratos_edicion'], ['postulantes_edicion']]) {
      const res = await hire(roles, id, hireBody('46500005'))
      expect(res.status).toBe(403)
    }
    expect(await tally()).toEqual(before)
    const both = await hire(['colaboradores_edicion', 'contratos_edicion'], id, hireBody('46500005'))
    expect(both.status).toBe(200)
  })
})
