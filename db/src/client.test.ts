import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from './client'
import { openTestDatabase } from './testing'

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
    warn.mockRestore()
    const after = await backend()
    expect(after).not.toBe(before)
  })
})
