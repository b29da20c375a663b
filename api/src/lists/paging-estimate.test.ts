import { employees } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { asc, desc, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchCondition } from '../modules/employees/filters'
import { countedRows } from './paging'
import { COUNT_BOUND, ESTIMATE_FROM, estimatedRows, FEW_MATCHES } from './totals'

let t: TestApp

/**
 * Employees in four groups, analysed, so the planner's estimates are what the lists see:
 * 11,000 'Ana Rosa Quispe Flores Yupanqui', 11,000 'Juan Pedro Mamani Quispe', 30 'Elena Castillo
 * Sánchez' and 4,000 'Luis Huamán'. 'quispe' (22,000) is estimated past ESTIMATE_FROM; 'huaman'
 * (4,000) between FEW_MATCHES and it; 'elena castillo sanchez' (30) under FEW_MATCHES.
 */
const GROUPS = [
  { from: 1, to: 11_000, name: 'Ana Rosa', surname: 'Quispe Flores Yupanqui' },
  { from: 11_001, to: 22_000, name: 'Juan Pedro', surname: 'Mamani Quispe' },
  { from: 22_001, to: 22_030, name: 'Elena', surname: 'Castillo Sánchez' },
  { from: 22_031, to: 26_030, name: 'Luis', surname: 'Huamán' },
]

beforeAll(async () => {
  t = await createTestApp()
  for (const g of GROUPS) {
    await t.handle.db.execute(sql`
      insert into employees (identifier_type, identifier, name, surname)
      select 1, (10000000 + n)::text, ${g.name}, ${g.surname} from generate_series(${g.from}::int, ${g.to}::int) n`)
  }
  // 500 audit entries of one user among 20,000: the user's search is estimated past ESTIMATE_FROM.
  await t.handle.db.execute(sql`
    insert into audit_logs (action, entity, actor, description, created_at)
    select 'UPDATE', 'employees', case when n % 40 = 0 then 'rosa@planillas.pe' else 'carga@planillas.pe' end,
      'Actualizó al colaborador COL-' || lpad(n::text, 6, '0'), now() - n * interval '1 second'
    from generate_series(1, 20000) n`)
  // Autovacuum would re-analyse after the deletes of the last test: the stale estimate is the point.
  await t.handle.db.execute(sql`alter table employees set (autovacuum_enabled = false)`)
  await t.handle.db.execute(sql`analyze employees`)
  await t.handle.db.execute(sql`analyze audit_logs`)
}, 60_000)
afterAll(() => t.close())

type Page = {
  content: { id: number }[]
  totalElements: number
  totalPages: number
  totalIsExact: boolean
  totalIsEstimate: boolean
}

const list = async (resource: string, payload: object, query = ''): Promise<Page> => {
  const res = await t.call('admin', { method: 'POST', url: `/api/v1/${resource}/list${query}`, payload })
  expect(res.status).toBe(200)
  return res.body.payload
}
const employeeList = (search: string, query = '') => list('employees', { search }, query)

describe('estimated totals', () => {
  it('answer a large search with the planner estimate, marked as one', async () => {
    const page = await employeeList('quispe')
    expect(page.totalIsExact).toBe(false)
    expect(page.totalIsEstimate).toBe(true)
    // 22,000 rows; the estimate comes from a histogram of the whole table, so it is close.
    expect(page.totalElements).toBeGreaterThanOrEqual(ESTIMATE_FROM)
    expect(page.totalElements).toBeGreaterThan(18_000)
    expect(page.totalElements).toBeLessThan(26_000)
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 10))
    // The page itself is exact: the first ten matches by id.
    expect(page.content.map((e) => e.id)).toEqual(await idsOf('%quispe%', 10))
  })

  it('count exactly below the threshold', async () => {
    expect(await estimateOf('huaman')).toBeGreaterThan(FEW_MATCHES)
    expect(await estimateOf('huaman')).toBeLessThan(ESTIMATE_FROM)
    const page = await employeeList('huaman')
    expect(page).toMatchObject({
      totalElements: 4_000,
      totalPages: 400,
      totalIsExact: true,
      totalIsEstimate: false,
    })
  })

  it('cut a narrow search page from its few matches, exactly, in any order and on any page', async () => {
    expect(await estimateOf('elena castillo sanchez')).toBeLessThanOrEqual(FEW_MATCHES)
    const first = await employeeList('elena castillo sanchez')
    expect(first).toMatchObject({
      totalElements: 30,
      totalPages: 3,
      totalIsExact: true,
      totalIsEstimate: false,
    })
    const sorted = await employeeList('elena castillo sanchez', '?page=1&size=10&sort=identifier,desc')
    const all = await idsOf('%castillo%', 100, 'desc')
    expect(sorted.content.map((e) => e.id)).toEqual(all.slice(10, 20))
    expect(sorted).toMatchObject({ totalElements: 30, totalIsExact: true })
    const beyond = await employeeList('elena castillo sanchez', '?page=5&size=10')
    expect(beyond).toMatchObject({ content: [], totalElements: 30, totalPages: 3, totalIsExact: true })
  })

  it('fall back to the bounded count when a few estimated matches are many (a low estimate)', async () => {
    // Five words of the same 11,000 employees: the planner multiplies their frequencies (~700).
    expect(await estimateOf('ana rosa quispe flores yupanqui')).toBeLessThanOrEqual(FEW_MATCHES)
    const page = await employeeList('ana rosa quispe flores yupanqui')
    expect(page.totalElements).toBe(COUNT_BOUND)
    expect(page).toMatchObject({ totalIsExact: false, totalIsEstimate: false, totalPages: COUNT_BOUND / 10 })
    expect(page.content.map((e) => e.id)).toEqual(await idsOf('%yupanqui%', 10))
    // A page past the bound is there too.
    const deep = await employeeList('ana rosa quispe flores yupanqui', '?page=1050&size=10')
    expect(deep.content).toHaveLength(10)
    expect(deep.content[0].id).toBe((await idsOf('%yupanqui%', 10_510)).at(-10))
    expect(deep.totalPages).toBeGreaterThan(1050 + 1)
  })

  it('reach the audit log: a user with many entries is estimated, one with few is counted', async () => {
    const many = await list('audit-logs', { search: 'carga@' })
    expect(many).toMatchObject({ totalIsExact: false, totalIsEstimate: true })
    expect(many.totalElements).toBeGreaterThan(15_000)
    expect(many.content).toHaveLength(10)
    const few = await list('audit-logs', { search: 'rosa@' })
    expect(few).toMatchObject({ totalElements: 500, totalIsExact: true, totalIsEstimate: false })
  })

  it('never hide rows nor strand the user when the estimate is far too high', async () => {
    // The planner still believes 22,000 employees say 'quispe' (no analyse since): 25 do.
    await t.handle.db.execute(sql`delete from employees where id > 25 and search_text like '%quispe%'`)
    const first = await employeeList('quispe')
    expect(first).toMatchObject({ totalIsExact: false, totalIsEstimate: true })
    expect(first.totalElements).toBeGreaterThan(18_000)
    // Paging forward while pages are full reaches every row, and the short last page says the truth.
    const seen: number[] = []
    let page = first
    for (let p = 0; page.content.length > 0; p++) {
      page = p === 0 ? first : await employeeList('quispe', `?page=${p}&size=10`)
      seen.push(...page.content.map((e) => e.id))
      if (page.content.length === 10) expect(page.totalPages).toBeGreaterThan(p + 1)
      if (page.content.length < 10) {
        expect(page).toMatchObject({ totalElements: 25, totalPages: 3, totalIsExact: true })
        break
      }
    }
    expect(seen).toEqual(await idsOf('%quispe%', 100))
    expect(seen).toHaveLength(25)
    // A page past the real end (as the estimate's page links would offer) is counted, not estimated:
    // the list offers its real last page.
    const beyond = await employeeList('quispe', '?page=40&size=10')
    expect(beyond).toMatchObject({ content: [], totalElements: 25, totalPages: 3, totalIsExact: true })
  })
})

const idsOf = async (pattern: string, limit: number, direction: 'asc' | 'desc' = 'asc') =>
  (
    await t.handle.db
      .select({ id: employees.id })
      .from(employees)
      .where(like(employees.searchText, pattern))
      .orderBy(direction === 'asc' ? asc(employees.id) : desc(employees.identifier))
      .limit(limit)
  ).map((r) => r.id)

/** What the planner expects the employee search to find (the lists' own question). */
const estimateOf = (search: string) =>
  estimatedRows(
    t.handle.db,
    countedRows(t.handle.db).from(employees).where(searchCondition(search)).$dynamic(),
  )
