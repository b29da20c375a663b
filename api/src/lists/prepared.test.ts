import { areas, rowsOf } from '@planillas/db'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedListQuery } from './guard'
import { Bindings, direct, explainPrepared, MAX_SHAPES, runPrepared } from './prepared'

// Named statements and plan_cache_mode are PostgreSQL's: these tests need the real server.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
const { openTestDatabase } = await import('@planillas/testing/database')
const handle = await openTestDatabase()

beforeAll(async () => {
  await handle.db
    .insert(areas)
    .values(['Ventas', 'Logística', 'Finanzas'].map((description) => ({ description })))
})
afterAll(() => handle.close())

/** Areas whose description is like `pattern`, prepared under `shape`. */
const areasLike = (db: typeof handle.db, shape: string, pattern: string) => {
  const bindings = new Bindings()
  const where = sql`${areas.description} like ${bindings.bind('pattern', pattern)}`
  return runPrepared(db, shape, bindings.values, () =>
    db.select({ description: areas.description }).from(areas).where(where).orderBy(asc(areas.id)),
  )
}

const statementsOfSession = async (db: typeof handle.db) =>
  rowsOf<{ name: string; statement: string }>(
    await db.execute(sql`select name, statement from pg_prepared_statements`),
  )

describe('bindings', () => {
  it('name the shape by the conditions present, and keep the values aside', () => {
    const a = new Bindings()
    a.bind('word', '%ana%')
    a.bind('status', 2)
    const b = new Bindings()
    b.bind('word', '%luis%')
    b.bind('status', 1)
    const c = new Bindings()
    c.bind('word', '%ana%')
    expect(a.shape).toBe(b.shape)
    expect(a.shape).not.toBe(c.shape)
    expect(a.values).toEqual({ p0: '%ana%', p1: 2 })
  })

  it('leave values in place when a query is built once, arrays as one parameter', () => {
    expect(direct('status', 2)).toBe(2)
    const query = handle.db
      .select({ id: areas.id })
      .from(areas)
      .where(sql`${areas.id} = any(${direct('ids', [1, 2])})`)
      .toSQL()
    expect(query.sql).toContain('= any($1)')
    expect(query.params).toEqual([[1, 2]])
  })
})

describe('prepared list queries on PostgreSQL', () => {
  it('answer what the query built as usual answers, for each value', async () => {
    for (const pattern of ['%a%', 'V%', '%nada%']) {
      const expected = await handle.db
        .select({ description: areas.description })
        .from(areas)
        .where(sql`${areas.description} like ${pattern}`)
        .orderBy(asc(areas.id))
      expect(await guardedListQuery(handle.db, (db) => areasLike(db, 'test:areas', pattern))).toEqual(
        expected,
      )
    }
  })

  it('are named statements of the list connection, planned for every execution', async () => {
    const seen = await guardedListQuery(handle.db, async (db) => {
      await areasLike(db, 'test:areas-named', '%a%')
      const [{ mode }] = rowsOf<{ mode: string }>(
        await db.execute(sql`select current_setting('plan_cache_mode') as mode`),
      )
      return { mode, statements: await statementsOfSession(db) }
    })
    expect(seen.mode).toBe('force_custom_plan')
    expect(
      seen.statements.some((s) => /^planillas_list_\d+$/.test(s.name) && s.statement.includes('like')),
    ).toBe(true)
  })

  it('are built and run as usual outside a list connection (a transaction here)', async () => {
    const found = await handle.db.transaction(async (tx) => ({
      rows: await areasLike(tx, 'test:areas-tx', 'L%'),
      statements: await statementsOfSession(tx),
    }))
    expect(found.rows).toEqual([{ description: 'Logística' }])
    expect(found.statements).toEqual([])
  })

  it('explain a shape compiled once, with the values of each request', async () => {
    let built = 0
    // One after the other: a list connection runs one statement at a time.
    const plans = await guardedListQuery(handle.db, async (db) => {
      const found = []
      for (const pattern of ['V%', '%a%']) {
        const bindings = new Bindings()
        const where = sql`${areas.description} like ${bindings.bind('pattern', pattern)}`
        found.push(
          await explainPrepared(db, 'test:areas-explained', bindings.values, () => {
            built++
            return db.select({ id: areas.id }).from(areas).where(where)
          }),
        )
      }
      return found
    })
    expect(built).toBe(1)
    for (const plan of plans) {
      const [{ Plan }] = Object.values(plan ?? {})[0] as [{ Plan: { 'Plan Rows': number } }]
      expect(Plan['Plan Rows']).toBeGreaterThan(0)
    }
  })

  it('stop naming statements past MAX_SHAPES, and still answer', async () => {
    const answers = await guardedListQuery(handle.db, async (db) => {
      const counts: number[] = []
      for (let i = 0; i <= MAX_SHAPES; i++) {
        const bindings = new Bindings()
        const id = bindings.bind('id', 1)
        const [row] = await runPrepared(db, `test:many-${i}`, bindings.values, () =>
          db.select({ description: areas.description }).from(areas).where(eq(areas.id, id)),
        )
        counts.push(row ? 1 : 0)
      }
      return { counts, statements: await statementsOfSession(db) }
    })
    expect(answers.counts.every((n) => n === 1)).toBe(true)
    expect(answers.statements.length).toBeLessThanOrEqual(MAX_SHAPES)
  })
})
