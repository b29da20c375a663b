import { auditLogs, employees, rowsOf } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countedRows, descending, orderByFor, pageResponse } from './paging'
import { boundedCount, COUNT_BOUND } from './totals'

let t: TestApp
const ENTRIES = COUNT_BOUND + 50

beforeAll(async () => {
  t = await createTestApp()
  await t.handle.db.execute(sql`
    insert into audit_logs (action, entity, actor, description, created_at)
    select 'UPDATE', 'areas', 'ana@planillas.pe', 'Cambio número ' || n, now() - n * interval '1 second'
    from generate_series(1, ${ENTRIES}) as n`)
})
afterAll(() => t.close())

const list = async (payload: object, query = '') =>
  (await t.call('auditor', { method: 'POST', url: `/api/v1/audit-logs/list${query}`, payload })).body.payload

describe('bounded counts', () => {
  it('stop counting past 10,000 and say the total is a lower bound', async () => {
    const page = await list({})
    expect(page.content).toHaveLength(10)
    expect(page.totalElements).toBe(COUNT_BOUND)
    expect(page.totalIsExact).toBe(false)
    expect(page.totalPages).toBe(COUNT_BOUND / 10)
  })

  it('still let the user page past the bound', async () => {
    const page = await list({}, `?page=${COUNT_BOUND / 10}&size=10`)
    expect(page.content).toHaveLength(10)
    expect(page.totalIsExact).toBe(false)
    expect(page.totalPages).toBeGreaterThan(COUNT_BOUND / 10 + 1)
    const last = await list({}, `?page=${COUNT_BOUND / 100}&size=100`)
    expect(last.content).toHaveLength(50)
    expect(last.totalIsExact).toBe(true)
    expect(last.totalElements).toBe(ENTRIES)
    // A short page knows the exact total without counting.
    const short = await list({}, `?page=${(ENTRIES - 5) / 5}&size=5`)
    expect(short.totalElements).toBe(ENTRIES)
  })

  it('are exact below the bound', async () => {
    const page = await list({ search: 'Cambio número 123' })
    // 123 and 1230–1239: a full first page, then counted exactly.
    expect(page.totalIsExact).toBe(true)
    expect(page.totalElements).toBe(11)
    expect(page.totalPages).toBe(2)
  })

  it('count at most bound + 1 rows', async () => {
    const rows = countedRows(t.handle.db).from(auditLogs).$dynamic()
    expect(await boundedCount(t.handle.db, rows, 100)).toEqual({ rows: 100, exact: false })
    expect(await boundedCount(t.handle.db, rows, ENTRIES)).toEqual({ rows: ENTRIES, exact: true })
  })

  it('shape the page: one page past a full page when the total is a lower bound', () => {
    const query = { page: 2, size: 10 }
    const full = Array.from({ length: 10 }, (_, i) => i)
    expect(pageResponse(full, { rows: 25, exact: false }, query)).toMatchObject({
      totalElements: 30,
      totalPages: 4,
      totalIsExact: false,
    })
    expect(pageResponse(full, { rows: 40, exact: true }, query)).toMatchObject({
      totalElements: 40,
      totalPages: 4,
      totalIsExact: true,
    })
  })

  it('keep an estimate the rows seen allow, and turn one they contradict into a lower bound', () => {
    const query = { page: 2, size: 10 }
    const full = Array.from({ length: 10 }, (_, i) => i)
    expect(pageResponse(full, { rows: 20_500, exact: false, estimate: true }, query)).toEqual({
      content: full,
      totalElements: 20_500,
      totalPages: 2_050,
      totalIsExact: false,
      totalIsEstimate: true,
    })
    // Thirty rows seen and a full page: an estimate of 25 is wrong, 30 is what is known.
    expect(pageResponse(full, { rows: 25, exact: false, estimate: true }, query)).toMatchObject({
      totalElements: 30,
      totalPages: 4,
      totalIsExact: false,
      totalIsEstimate: false,
    })
  })
})

describe('descending order', () => {
  it("walks a descending index: a NOT NULL column sorts 'desc nulls last', as the index is built", async () => {
    const order = orderByFor(
      undefined,
      { createdAt: auditLogs.createdAt },
      { field: 'createdAt', direction: 'desc' },
      auditLogs.id,
    )
    await t.handle.db.execute(sql`analyze audit_logs`)
    const page = t.handle.db
      .select()
      .from(auditLogs)
      .orderBy(...order)
      .limit(10)
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.handle.db.execute(sql`explain ${page}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n')
    expect(plan).toContain('audit_logs_created_at_idx')
    expect(plan).not.toContain('Sort')
  })

  it('keeps a plain desc for a column that may be null (nulls first, as before)', () => {
    const dialect = new PgDialect()
    const text = (s: SQL) => dialect.sqlToQuery(s).sql
    expect(text(descending(auditLogs.createdAt))).toBe('"audit_logs"."created_at" desc nulls last')
    expect(text(descending(auditLogs.entityId))).toBe('"audit_logs"."entity_id" desc')
  })

  it.each(['surname,asc', 'surname,desc', 'name,desc', 'status,desc'])(
    'sorts the employees (%s) by walking an ascending index, either way, without sorting them',
    async (sort) => {
      // The employees' list (a million rows) sorts by a header's column: ascendingIndexes.
      await t.handle.db.execute(sql`
        insert into employees (identifier_type, identifier, name, surname, status, created_by)
        select 1, (10000000 + n)::text, 'Nombre ' || n % 97, 'Apellido ' || n % 89, 1 + n % 2, 'test'
        from generate_series(1, 5000) as n
        on conflict do nothing`)
      await t.handle.db.execute(sql`analyze employees`)
      const columns = { name: employees.name, surname: employees.surname, status: employees.status }
      // Names in the Spanish collation, as the list sorts them: the index on that expression is walked.
      const order = orderByFor(sort, columns, { field: 'surname', direction: 'asc' }, employees.id, {
        ascendingIndexes: true,
        names: ['name', 'surname'],
      })
      const page = t.handle.db
        .select({ id: employees.id })
        .from(employees)
        .orderBy(...order)
        .limit(20)
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.handle.db.execute(sql`explain ${page}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n')
      const field = sort.split(',')[0]
      expect(plan).toContain(
        field === 'status' ? 'employees_status_sort_idx' : `employees_${field}_es_sort_idx`,
      )
      expect(plan).not.toContain('Sort')
      const rows = await page
      expect(rows).toHaveLength(20)
    },
  )

  const names = { name: employees.name, surname: employees.surname }
  it.each([
    ['name', sql`${employees.positionId} = 7`],
    ['surname', sql`${employees.companyId} = 2`],
    ['name', sql`${employees.areaId} = any('{3,4}') and ${employees.status} = 1`],
  ] as const)(
    'checks the filters of a page sorted by %s in the sort index, not in the table',
    async (field, where) => {
      await t.handle.db.execute(sql`
      insert into employees (identifier_type, identifier, name, surname, status, created_by)
      select 1, (20000000 + n)::text, 'Nombre ' || n % 97, 'Apellido ' || n % 89, 1 + n % 2, 'test'
      from generate_series(1, 5000) as n
      on conflict do nothing`)
      // Index-only scans skip the table where its pages are all visible, as in a table in service.
      await t.handle.db.execute(sql`vacuum analyze employees`)
      const page = t.handle.db
        .select({ id: employees.id })
        .from(employees)
        .where(where)
        .orderBy(
          ...orderByFor(`${field},asc`, names, { field, direction: 'asc' }, employees.id, {
            ascendingIndexes: true,
            names: [field],
          }),
        )
        .limit(20)
      // Only the walk of the sort index is allowed: can it answer the filter from the index alone?
      const plan = await t.handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        await tx.execute(sql`set local enable_bitmapscan = off`)
        await tx.execute(sql`set local enable_sort = off`)
        await tx.execute(sql`set local enable_incremental_sort = off`)
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${page}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n')
      })
      expect(plan).toContain(`Index Only Scan using employees_${field}_es_sort_idx`)
    },
  )
})
