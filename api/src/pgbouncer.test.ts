import { spawn } from 'node:child_process'
import { startPgbouncer } from '@planillas/testing/pgbouncer'
import { freePort, REPO_ROOT } from '@planillas/testing/processes'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * PgBouncer in transaction mode in front of PostgreSQL (docs/decisions/connection-pooler.md):
 * the API's tests of the list, sign-in, logout revocation, a payroll import and a payment order, and
 * the worker's payroll import through the batch pipeline (its `for update` claims and writes), run
 * again with their databases reached through it (TEST_POOLER_URL, testing/src/database.ts), and
 * must pass unchanged; PgBouncer's own counters then show their traffic went through it. Needs
 * PostgreSQL (DATABASE_URL) and Debian's pgbouncer (scripts/install/pgbouncer.sh, run by .ci/run).
 */
const directUrl = process.env.DATABASE_URL ?? ''
const FILES = [
  'api/src/lists/prepared.test.ts',
  'api/src/modules/employees/employees-list.test.ts',
  'api/src/modules/auth/auth.test.ts',
  'api/src/auth/live-sessions.test.ts',
  'api/src/modules/payroll-batch/payroll-batch.test.ts',
  'api/src/modules/payment-orders/payment-orders.test.ts',
  'api/src/modules/payment-orders/order-control.test.ts',
  'worker/src/processors/payroll-import.test.ts',
]

let bouncer: Awaited<ReturnType<typeof startPgbouncer>>
beforeAll(async () => {
  if (!directUrl) throw new Error('La prueba de PgBouncer necesita DATABASE_URL (PostgreSQL).')
  bouncer = await startPgbouncer(
    directUrl,
    Number(process.env.PGBOUNCER_TEST_PORT ?? 0) || (await freePort()),
  )
}, 30_000)
afterAll(() => bouncer?.stop())

function runVitest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...FILES], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', (code) => resolve({ code, output }))
  })
}

/** A command of PgBouncer's admin console (the `pgbouncer` database): its rows. */
async function console<Row = Record<string, string>>(command: string): Promise<Row[]> {
  const admin = new URL(bouncer.url)
  admin.pathname = '/pgbouncer'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    return (await client.query(command)).rows as Row[]
  } finally {
    await client.end()
  }
}

type StatsRow = { database: string; total_xact_count: string; total_query_count: string }
/** The transactions and queries PgBouncer has passed on for each test file's database. */
const testDatabaseStats = async () =>
  (await console<StatsRow>('show stats')).filter((row) => row.database.startsWith('planillas_test_'))

describe('through PgBouncer in transaction mode', () => {
  it('is PgBouncer in transaction mode', async () => {
    // The mode that makes named statements, LISTEN and session advisory locks unsafe through it.
    const rows = await console<{ key: string; value: string }>('show config')
    expect(rows.find((row) => row.key === 'pool_mode')?.value).toBe('transaction')
  })

  it('the list, sign-in, logout revocation, a payroll import (API and worker) and a payment order work through it', async () => {
    expect(await testDatabaseStats()).toEqual([])
    const { code, output } = await runVitest({
      ...process.env,
      DATABASE_URL: directUrl,
      TEST_POOLER_URL: bouncer.url,
    })
    const summary = output.match(/Tests\s+.*\(\d+\)/)?.[0] ?? output.slice(-3000)
    expect(summary, output.slice(-6000)).toMatch(/\d+ passed/)
    const failures = output
      .split('\n')
      .filter((line) => /FAIL|×|Error/.test(line))
      .join('\n')
    expect(summary, failures).not.toMatch(/failed|skipped/)
    expect(code, output.slice(-6000)).toBe(0)

    // PgBouncer itself counted the traffic: a database of its own for each test file (each opens
    // a fresh one), each with the transactions of its tests. The pools PgBouncer opened to
    // PostgreSQL are its own, in transaction mode.
    const stats = await testDatabaseStats()
    expect(stats.length, JSON.stringify(stats)).toBeGreaterThanOrEqual(FILES.length)
    for (const row of stats) expect(Number(row.total_xact_count), row.database).toBeGreaterThan(0)
    const transactions = stats.reduce((sum, row) => sum + Number(row.total_xact_count), 0)
    expect(transactions).toBeGreaterThan(1000)
    const pools = (await console<{ database: string; pool_mode: string }>('show pools')).filter((pool) =>
      pool.database.startsWith('planillas_test_'),
    )
    expect(pools.length).toBeGreaterThanOrEqual(FILES.length)
    expect(new Set(pools.map((pool) => pool.pool_mode))).toEqual(new Set(['transaction']))
  }, 600_000)
})
