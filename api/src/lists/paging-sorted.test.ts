import { areas, employees, rowsOf } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let rare: number
let common: number

/**
 * A filter whose matches all sort last: 18,000 employees of one area are surnamed 'Zapata …', the
 * 26,000 of the other 'Apaza …' (as the bench's 'orden y filtros' before areas sorted by name were
 * walked per area, where walking the name index read most of it). Sorted by surname, which no
 * index of areas holds in order. The rare area is estimated between ESTIMATE_FROM and
 * SORTED_MATCHES, the common one past it.
 */
beforeAll(async () => {
  t = await createTestApp()
  const ids = await t.handle.db
    .insert(areas)
    .values([{ description: 'Área rara' }, { description: 'Área común' }])
    .returning({ id: areas.id })
  ;[rare, common] = ids.map((a) => a.id)
  await t.handle.db.execute(sql`
    insert into employees (identifier_type, identifier, name, surname, area_id)
    select 1, (10000000 + n)::text,
      'María', case when n % 44 < 18 then 'Zapata ' else 'Apaza ' end || (n % 97)::text,
      case when n % 44 < 18 then ${rare}::int else ${common}::int end
    from generate_series(1, 44000) n`)
  await t.handle.db.execute(sql`analyze employees`)
}, 60_000)
afterAll(() => t.close())

type Page = {
  content: { id: number; surname: string }[]
  totalElements: number
  totalPages: number
  totalIsExact: boolean
  totalIsEstimate: boolean
}

const list = async (areaId: number, query: string): Promise<Page> => {
  const res = await t.call('admin', {
    method: 'POST',
    url: `/api/v1/employees/list${query}`,
    payload: { areaIds: [areaId] },
  })
  expect(res.status).toBe(200)
  return res.body.payload
}

/** The area's employees in the Spanish order of the list, straight from the table. */
const idsBySurname = async (areaId: number, direction: 'asc' | 'desc', offset: number, limit: number) =>
  rowsOf<{ id: number }>(
    await t.handle.db.execute(sql`
      select id from ${employees} where area_id = ${areaId}
      order by surname collate es_pe ${sql.raw(direction)}, id ${sql.raw(direction)}
      limit ${limit} offset ${offset}`),
  ).map((r) => Number(r.id))

describe('a list sorted by a column its filters do not lead to', () => {
  it('is cut from its matches when the planner expects at most SORTED_MATCHES: exact total, any page', async () => {
    const first = await list(rare, '?sort=surname,asc&size=10')
    expect(first).toMatchObject({ totalElements: 18_000, totalPages: 1_800, totalIsExact: true })
    expect(first.content.map((e) => e.id)).toEqual(await idsBySurname(rare, 'asc', 0, 10))
    const deep = await list(rare, '?sort=surname,desc&page=1234&size=10')
    expect(deep.content.map((e) => e.id)).toEqual(await idsBySurname(rare, 'desc', 12_340, 10))
    expect(deep).toMatchObject({ totalElements: 18_000, totalIsExact: true })
    // Unsorted, the same area is walked by id: its total is the planner's estimate (past ESTIMATE_FROM).
    const unsorted = await list(rare, '?size=10')
    expect(unsorted).toMatchObject({ totalIsExact: false, totalIsEstimate: true })
  })

  it('is walked past SORTED_MATCHES, with the estimated total, and the same rows', async () => {
    const first = await list(common, '?sort=surname,asc&size=10')
    expect(first).toMatchObject({ totalIsExact: false, totalIsEstimate: true })
    expect(first.content.map((e) => e.id)).toEqual(await idsBySurname(common, 'asc', 0, 10))
  })
})
