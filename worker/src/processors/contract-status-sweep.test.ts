import {
  areas,
  auditLogs,
  companies,
  contracts,
  type DatabaseHandle,
  employees,
  positions,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { openTestDatabase } from '@planillas/testing/database'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../context'
import { type ContractSweepContext, processContractStatusSweep } from './contract-status-sweep'

let handle: DatabaseHandle
let ctx: ContractSweepContext
let catalog: { companyId: number; areaId: number; positionId: number }
const ids: Record<string, { contract: number; employee: number }> = {}
let outOfStep: number

/** 1 June 2026, 08:00 in Lima. */
const clock = () => new Date('2026-06-01T13:00:00Z')

async function employee(identifier: string, status: 1 | 2) {
  const [row] = await handle.db
    .insert(employees)
    .values({ identifierType: 1, identifier, name: 'Nombre', surname: `Apellido ${identifier}`, status })
    .returning({ id: employees.id })
  return row.id
}

/** An employee with one contract in the given state; ACTIVO when the contract is current. */
async function seed(
  key: string,
  status: 1 | 2 | 3,
  contractType: number,
  startDate: string,
  finishDate: string | null,
) {
  const employeeId = await employee(`7000000${Object.keys(ids).length}`, status === 3 ? 2 : 1)
  const [row] = await handle.db
    .insert(contracts)
    .values({
      number: `CT-TEST-${key}`,
      employeeId,
      ...catalog,
      contractType,
      startDate,
      finishDate,
      baseSalary: '1500.00',
      totalSalary: '1500.00',
      status,
      closedOn: status === 3 ? finishDate : null,
    })
    .returning({ id: contracts.id })
  ids[key] = { contract: row.id, employee: employeeId }
}

beforeAll(async () => {
  handle = await openTestDatabase()
  ctx = { db: handle.db, log: silentLogger, now: clock, noticeDays: 30 }
  const [company] = await handle.db
    .insert(companies)
    .values({ ruc: '20131312955', name: 'Andina S.A.C.', address: 'Av. Lima 1' })
    .returning()
  const [area] = await handle.db.insert(areas).values({ description: 'Operaciones' }).returning()
  const [position] = await handle.db.insert(positions).values({ description: 'Chofer' }).returning()
  catalog = { companyId: company.id, areaId: area.id, positionId: position.id }
  await seed('endsIn30', 1, 1, '2026-06-01', '2026-07-01')
  await seed('endsIn31', 1, 1, '2026-06-02', '2026-07-02')
  await seed('endedYesterday', 1, 1, '2026-04-30', '2026-05-31')
  await seed('toExpireToday', 2, 1, '2026-05-01', '2026-06-01')
  await seed('toExpireLate', 2, 2, '2026-02-20', '2026-05-20')
  await seed('indefinite', 1, 5, '2020-01-01', null)
  await seed('finished', 3, 1, '2025-12-01', '2026-01-01')
  // Marked ACTIVO by hand without any contract: the job puts it back to SIN CONTRATO.
  outOfStep = await employee('79999999', 1)
}, 60_000)
afterAll(() => handle.close())

const contract = async (key: string) =>
  (await handle.db.select().from(contracts).where(eq(contracts.id, ids[key].contract)))[0]
const employeeStatus = async (id: number) =>
  (await handle.db.select({ status: employees.status }).from(employees).where(eq(employees.id, id)))[0].status
const audit = () => handle.db.select().from(auditLogs).orderBy(asc(auditLogs.id))

describe('contract status sweep with a fixed clock (1 June 2026)', () => {
  it('moves exactly the contracts it should, in step with their employees, with audit entries', async () => {
    const outcome = await processContractStatusSweep({}, ctx)
    expect(outcome).toEqual({ date: '2026-06-01', toExpire: 1, finished: 2, employees: 1 })

    expect((await contract('endsIn30')).status).toBe(2)
    expect((await contract('endsIn31')).status).toBe(1)
    expect(await contract('endedYesterday')).toMatchObject({
      status: 3,
      closedOn: '2026-05-31',
      closeReason: 'Vencimiento del plazo',
      closedBy: SYSTEM_ACTOR,
    })
    expect((await contract('toExpireToday')).status).toBe(2)
    expect(await contract('toExpireLate')).toMatchObject({ status: 3, closedOn: '2026-05-20' })
    expect((await contract('indefinite')).status).toBe(1)
    expect(await contract('finished')).toMatchObject({ status: 3, closedOn: '2026-01-01' })

    expect(await employeeStatus(ids.endsIn30.employee)).toBe(1)
    expect(await employeeStatus(ids.endedYesterday.employee)).toBe(2)
    expect(await employeeStatus(ids.toExpireLate.employee)).toBe(2)
    expect(await employeeStatus(ids.indefinite.employee)).toBe(1)
    expect(await employeeStatus(outOfStep)).toBe(2)

    const entries = await audit()
    expect(entries.every((e) => e.actor === SYSTEM_ACTOR && e.action === 'UPDATE')).toBe(true)
    const byEntity = entries.map((e) => `${e.entity}:${e.entityId}`)
    expect(byEntity.sort()).toEqual(
      [
        `contracts:${ids.endsIn30.contract}`,
        `contracts:${ids.endedYesterday.contract}`,
        `contracts:${ids.toExpireLate.contract}`,
        `employees:${ids.endedYesterday.employee}`,
        `employees:${ids.toExpireLate.employee}`,
        `employees:${outOfStep}`,
      ].sort(),
    )
    const toExpire = entries.find((e) => e.entityId === String(ids.endsIn30.contract))
    expect(toExpire?.description).toBe(
      'El contrato CT-TEST-endsIn30 de COL-000001 Nombre Apellido 70000000 pasó de VIGENTE a POR VENCER ' +
        '(vence el 01/07/2026; revisión diaria del 01/06/2026)',
    )
    const employeeEntry = entries.find(
      (e) => e.entityId === String(ids.endedYesterday.employee) && e.entity === 'employees',
    )
    expect(employeeEntry?.description).toContain(
      'pasó a SIN CONTRATO (contrato CT-TEST-endedYesterday vencido)',
    )
  })

  it('changes nothing when run again the same day', async () => {
    const before = (await audit()).length
    expect(await processContractStatusSweep({ date: '2026-06-01' }, ctx)).toEqual({
      date: '2026-06-01',
      toExpire: 0,
      finished: 0,
      employees: 0,
    })
    expect((await audit()).length).toBe(before)
  })

  it('moves the next ones the next day', async () => {
    const outcome = await processContractStatusSweep({ date: '2026-06-02' }, ctx)
    expect(outcome).toEqual({ date: '2026-06-02', toExpire: 1, finished: 1, employees: 0 })
    expect((await contract('endsIn31')).status).toBe(2)
    expect((await contract('toExpireToday')).status).toBe(3)
    expect(await employeeStatus(ids.toExpireToday.employee)).toBe(2)
  })

  it('refuses a malformed payload', async () => {
    await expect(processContractStatusSweep({ date: '2026-02-30' }, ctx)).rejects.toThrow()
  })
})
