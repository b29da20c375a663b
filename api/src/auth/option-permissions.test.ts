import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const OPTION_ROUTES = ['/areas', '/positions', '/companies', '/employees', '/payroll', '/contracts']
const get = (who: Parameters<TestApp['call']>[0], url: string) =>
  t.call(who, { method: 'GET', url: `/api/v1${url}` })

describe('option lists (GET /{resource})', () => {
  it.each(OPTION_ROUTES)('%s refuses the auditor and a user with only the dashboard', async (url) => {
    expect((await get('auditor', url)).status).toBe(403)
    expect((await get(['dashboard'], url)).status).toBe(403)
  })

  it.each(OPTION_ROUTES)('%s answers the reader and HR (their screens load)', async (url) => {
    expect((await get('lector', url)).status).toBe(200)
    expect((await get('rrhh', url)).status).toBe(200)
  })

  it.each([
    ['/areas', 'areas_lista'],
    ['/positions', 'cargos_lista'],
    ['/companies', 'empresas_lista'],
    ['/employees', 'colaboradores_lista'],
    ['/payroll', 'planillas_lista'],
    ['/contracts', 'contratos_lista'],
  ])("%s answers its module's list permission alone", async (url, permission) => {
    expect((await get([permission], url)).status).toBe(200)
  })

  it('a clerk who edits contracts gets what the contract form offers, and nothing else', async () => {
    const clerk = ['contratos_edicion']
    for (const url of ['/areas', '/positions', '/companies', '/employees', '/contracts'])
      expect((await get(clerk, url)).status, url).toBe(200)
    expect((await get(clerk, '/payroll')).status).toBe(403)
  })

  it('a clerk who edits vacancies gets positions, areas and the employee search only', async () => {
    const clerk = ['vacantes_edicion']
    for (const url of ['/areas', '/positions', '/employees'])
      expect((await get(clerk, url)).status, url).toBe(200)
    for (const url of ['/companies', '/payroll', '/contracts'])
      expect((await get(clerk, url)).status, url).toBe(403)
  })

  it('the areas list permission does not open the employees', async () => {
    expect((await get(['areas_lista'], '/employees')).status).toBe(403)
  })
})
