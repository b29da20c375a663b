import { openTestDatabase } from '@planillas/testing/database'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from './client'

const url = process.env.DATABASE_URL

describe.runIf(url)('the PostgreSQL pool', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('survives the server ending its idle connections, and opens new ones', async () => {
    const backend = async () =>
      Number(rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`))[0].pid)
    const before = await backend()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // As a restart of PostgreSQL would: end the backend behind the now idle connection.
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [before])
    await admin.end()
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    const [line] = warn.mock.calls[0]
    warn.mockRestore()
    // One JSON line, as every log line of the API and the worker.
    expect(JSON.parse(String(line))).toMatchObject({
      level: 'warn',
      message: 'PostgreSQL cerró una conexión inactiva; se abrirá otra',
    })
    const after = await backend()
    expect(after).not.toBe(before)
  })

  it('survives the server ending the connection of an open transaction: the transaction fails, the pool goes on', async () => {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    let inTransaction!: () => void
    const opened = new Promise<void>((resolve) => {
      inTransaction = resolve
    })
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const transaction = handle.db.transaction(async (tx) => {
      const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))
      await admin.query('select pg_terminate_backend($1)', [pid])
      inTransaction()
      // Between two statements, as a worker reading its file is: the client is checked out and idle.
      await held
      await tx.execute(sql`select 1`)
    })
    const outcome = transaction.then(
      () => 'committed',
      (error: Error) => error.message,
    )
    await opened
    // Give the client time to hear the server's goodbye while no query is running on it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    release()
    expect(await outcome).not.toBe('committed')
    await admin.end()
    const rows = rowsOf<{ one: number }>(await handle.db.execute(sql`select 1 as one`))
    expect(Number(rows[0].one)).toBe(1)
  })
})

describe('behindPooler', () => {
  it('is true only for a pool whose direct address is another (a transaction pooler in front)', async () => {
    const { behindPooler, openDatabase } = await import('./client')
    const alone = await openTestDatabase()
    const url = String(alone.url)
    // The same database by another address, standing for PgBouncer's (DATABASE_DIRECT_URL set).
    const pooled = await openDatabase({ url, directUrl: `${url}?application_name=directo`, poolSize: 1 })
    try {
      expect(behindPooler((pooled.db as unknown as { $client: pg.Pool }).$client)).toBe(true)
      expect(behindPooler((alone.db as unknown as { $client: pg.Pool }).$client)).toBe(
        Boolean(process.env.TEST_POOLER_URL),
      )
    } finally {
      await pooled.close()
      await alone.close()
    }
  })
})
