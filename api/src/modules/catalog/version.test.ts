import { companies } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The catalogue version every web process checks its cached areas, positions and
 * companies against (remix/app/catalogs.server.ts). It must grow with every
 * change to them, whoever makes it, and with nothing else.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const version = async (who: Parameters<TestApp['call']>[0] = 'lector') => {
  const answer = await t.call(who, { method: 'GET', url: '/api/v1/catalog-version' })
  expect(answer.status).toBe(200)
  return answer.body.payload.version as number
}

describe('GET /catalog-version', () => {
  it('answers any signed-in user, and nobody else', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/catalog-version' })
    expect(anonymous.statusCode).toBe(401)
    expect(typeof (await version('auditor'))).toBe('number')
    expect(await version([])).toBe(await version('admin'))
  })

  it('grows with each area, position or company created, renamed or suspended through the API', async () => {
    let before = await version()
    const area = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: 'Tesorería' },
    })
    expect(area.status).toBe(200)
    let now = await version()
    expect(now).toBeGreaterThan(before)

    before = now
    const position = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/positions',
      payload: { description: 'Analista de tesorería' },
    })
    expect(position.status).toBe(200)
    now = await version()
    expect(now).toBeGreaterThan(before)

    before = now
    const renamed = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/positions/${position.body.payload.id}`,
      payload: { description: 'Analista de tesorería senior' },
    })
    expect(renamed.status).toBe(200)
    now = await version()
    expect(now).toBeGreaterThan(before)

    before = now
    const suspended = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/areas/${area.body.payload.id}/status?status=2`,
    })
    expect(suspended.status).toBe(200)
    now = await version()
    expect(now).toBeGreaterThan(before)

    before = now
    const [company] = await t.handle.db
      .insert(companies)
      .values({ ruc: '20100070970', name: 'Andes Servicios S.A.C.', address: 'Av. Arequipa 123, Lima' })
      .returning({ id: companies.id })
    now = await version()
    expect(now, 'a company written straight in the database (the seed) counts too').toBeGreaterThan(before)

    before = now
    const companySuspended = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/companies/${company.id}/status?status=2`,
    })
    expect(companySuspended.status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
  })

  it('stays the same for a change that is rolled back, and for other catalogues', async () => {
    const before = await version()
    await expect(
      t.handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into areas (description) values ('Área que no queda')`)
        throw new Error('deshecho')
      }),
    ).rejects.toThrow('deshecho')
    const line = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/expense-lines',
      payload: { description: 'Movilidad' },
    })
    expect(line.status).toBe(200)
    expect(await version()).toBe(before)
  })
})
