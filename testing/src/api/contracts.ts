import { areas, companies, positions } from '@planillas/db'
import { addDays, rucCheckDigit, todayInLima } from '@planillas/domain'
import { perFile } from '../per-file'
import type { TestApp } from './app'
import { createEmployee, createEmployeeTestApp } from './employees'

export { createEmployee }

/** A test API with reference data (employees need it). */
export const createContractTestApp = createEmployeeTestApp

/** Today in Lima moved by `days`, as YYYY-MM-DD. */
export const fromToday = (days: number) => addDays(todayInLima(), days)

export type Catalog = { companyId: number; areaId: number; positionId: number }

let catalogSequence = 0

/**
 * A test file's contract API and its company, area and position (`createCatalog`), made in its
 * beforeAll and closed in its afterAll (`perFile`).
 */
export function contractFixturesPerFile(): { t: TestApp; catalog: Catalog } {
  const t = perFile(createContractTestApp)
  return { t, catalog: perFile(() => createCatalog(t)) }
}

/** A company, an area and a position, active, straight into the database. */
export async function createCatalog(t: TestApp, name = 'Prueba'): Promise<Catalog> {
  catalogSequence++
  const stem = String(2060000000 + catalogSequence * 7_771)
  const [company] = await t.handle.db
    .insert(companies)
    .values({
      ruc: `${stem}${rucCheckDigit(stem)}`,
      name: `${name} S.A.C. ${catalogSequence}`,
      address: 'Av. Lima 100',
    })
    .returning()
  const [area] = await t.handle.db
    .insert(areas)
    .values({ description: `Área ${name} ${catalogSequence}` })
    .returning()
  const [position] = await t.handle.db
    .insert(positions)
    .values({ description: `Cargo ${name} ${catalogSequence}` })
    .returning()
  return { companyId: company.id, areaId: area.id, positionId: position.id }
}

/** A valid contract body: one year from today, S/ 2,500.00, no family allowance. */
export function contractBody(employeeId: number, catalog: Catalog, overrides: Record<string, unknown> = {}) {
  return {
    employeeId,
    contractType: 4,
    startDate: todayInLima(),
    ...catalog,
    baseSalary: '2500.00',
    familyAllowance: false,
    ...overrides,
  }
}

/** POST /contracts as the administrator; returns status and body. */
export const postContract = (t: TestApp, payload: Record<string, unknown>) =>
  t.call('admin', { method: 'POST', url: '/api/v1/contracts', payload })

/** Creates a contract and returns its id, failing loudly otherwise. */
export async function createContract(t: TestApp, payload: Record<string, unknown>): Promise<number> {
  const res = await postContract(t, payload)
  if (res.status !== 200) throw new Error(`contract create failed: ${JSON.stringify(res.body)}`)
  return res.body.payload.id
}

export const getContract = async (t: TestApp, id: number) =>
  (await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${id}` })).body.payload

export const getEmployee = async (t: TestApp, id: number) =>
  (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload

/** PUT /contracts/{id}/status as the administrator. */
export const changeStatus = (t: TestApp, id: number, status: number, payload?: Record<string, unknown>) =>
  t.call('admin', { method: 'PUT', url: `/api/v1/contracts/${id}/status?status=${status}`, payload })
