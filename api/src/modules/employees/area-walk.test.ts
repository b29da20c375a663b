import { areas, companies, employees, rowsOf } from '@planillas/db'
import { EMPLOYEE_STATUSES } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEW_MATCHES } from '../../lists/totals'
import { areaWalk, WALKED_AREAS } from './queries'

let t: TestApp
let areaIds: number[]
let companyId: number

/**
 * 9,000 employees in three areas, both statuses, with names that only the Spanish collation sorts
 * right (Ñ after N, accents with their letter, case aside) and many alike, so ties fall to the id.
 * Two areas hold well past FEW_MATCHES: their pages are walked, not cut from their matches.
 */
const NAMES = [
  'Ñahui',
  'Nuñez',
  'Ángel',
  'álvaro',
  'Zoila',
  'ana',
  'Óscar',
  'Úrsula',
  'Ernesto',
  'Édgar',
  'Nora',
]

beforeAll(async () => {
  t = await createTestApp()
  areaIds = (
    await t.handle.db
      .insert(areas)
      .values([{ description: 'Área uno' }, { description: 'Área dos' }, { description: 'Área tres' }])
      .returning({ id: areas.id })
  ).map((a) => a.id)
  ;[{ id: companyId }] = await t.handle.db
    .insert(companies)
    .values({ ruc: '20131312955', name: 'Andina S.A.C.', address: 'Av. Lima 1' })
    .returning({ id: companies.id })
  await t.handle.db.execute(sql`
    insert into employees (identifier_type, identifier, name, surname, area_id, status, company_id)
    select 1, (10000000 + n)::text, (${sql.param(NAMES)}::text[])[1 + n % ${NAMES.length}],
      'Quispe', (${sql.param(areaIds)}::int[])[1 + n % 3], 1 + (n / 7) % 2, case when n % 2 = 0 then ${companyId}::int end
    from generate_series(1, 9000) n`)
  await t.handle.db.execute(sql`analyze employees`)
}, 60_000)
afterAll(() => t.close())

type Page = { content: { id: number }[]; totalElements: number; totalIsExact: boolean }

const list = async (filter: object, query: string): Promise<Page> => {
  const res = await t.call('admin', {
    method: 'POST',
    url: `/api/v1/employees/list${query}`,
    payload: filter,
  })
  expect(res.status).toBe(200)
  return res.body.payload
}

/** The same page straight from the table, in the list's order. */
const expected = async (
  where: ReturnType<typeof sql>,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
) =>
  rowsOf<{ id: number }>(
    await t.handle.db.execute(sql`
      select id from ${employees} where ${where}
      order by name collate es_pe ${sql.raw(direction)}, id ${sql.raw(direction)}
      limit ${limit} offset ${offset}`),
  ).map((r) => Number(r.id))

const count = async (where: ReturnType<typeof sql>) =>
  Number(
    rowsOf<{ n: number }>(
      await t.handle.db.execute(sql`select count(*) as n from ${employees} where ${where}`),
    )[0].n,
  )

const ids = (page: Page) => page.content.map((e) => e.id)

describe('a list sorted by name among areas walks each area in order', () => {
  it('answers the same pages as sorting the matches, in either direction and at depth, with the exact total', async () => {
    const [one, two] = areaIds
    const where = sql`area_id in (${one}, ${two}) and status = 1`
    expect(await count(where)).toBeGreaterThan(FEW_MATCHES)
    const filter = { areaIds: [one, two], status: 1 }
    const first = await list(filter, '?sort=name,asc&size=10')
    expect(ids(first)).toEqual(await expected(where, 'asc', 0, 10))
    expect(first).toMatchObject({ totalElements: await count(where), totalIsExact: true })
    const deep = await list(filter, '?sort=name,desc&page=123&size=10')
    expect(ids(deep)).toEqual(await expected(where, 'desc', 1_230, 10))
    const last = await list(filter, `?sort=name,asc&page=${Math.floor((await count(where)) / 10)}&size=10`)
    expect(ids(last)).toEqual(await expected(where, 'asc', Math.floor((await count(where)) / 10) * 10, 10))
  })

  it('walks every status when none is asked for, and an area named twice once', async () => {
    const [one, , three] = areaIds
    const where = sql`area_id in (${one}, ${three})`
    const page = await list({ areaIds: [three, one, three] }, '?sort=name,asc&page=40&size=25')
    expect(ids(page)).toEqual(await expected(where, 'asc', 1_000, 25))
    expect(new Set(ids(page)).size).toBe(25)
    expect(page.totalElements).toBe(await count(where))
  })

  it('leaves a list filtered on anything else to the other ways, with the same rows', async () => {
    const [one, two] = areaIds
    const where = sql`area_id in (${one}, ${two}) and company_id = ${companyId}`
    const page = await list({ areaIds: [one, two], companyId }, '?sort=name,asc&page=3&size=10')
    expect(ids(page)).toEqual(await expected(where, 'asc', 30, 10))
  })
})

describe('areaWalk', () => {
  it('walks a name sort under areas and a status only, up to WALKED_AREAS areas', () => {
    expect(areaWalk({ areaIds: [2, 1, 2], status: 1 }, 'name', ['status', 'areaIds'])).toEqual({
      areas: [2, 1],
      statuses: [1],
    })
    expect(areaWalk({ areaIds: [1] }, 'name', ['areaIds'])).toEqual({
      areas: [1],
      statuses: EMPLOYEE_STATUSES,
    })
    const many = Array.from({ length: WALKED_AREAS + 1 }, (_, i) => i + 1)
    expect(areaWalk({ areaIds: many }, 'name', ['areaIds'])).toBeUndefined()
    expect(areaWalk({ areaIds: [1] }, 'surname', ['areaIds'])).toBeUndefined()
    expect(areaWalk({ status: 1 }, 'name', ['status'])).toBeUndefined()
    expect(areaWalk({ areaIds: [1], companyId: 3 }, 'name', ['areaIds', 'companyId'])).toBeUndefined()
    expect(areaWalk({ areaIds: [1], search: 'quispe' }, 'name', ['word', 'areaIds'])).toBeUndefined()
  })
})
