import { spawn } from 'node:child_process'
import { startPgbouncer } from '@planillas/testing/pgbouncer'
import { freePort, REPO_ROOT } from '@planillas/testing/processes'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * PgBouncer in transaction mode in front of PostgreSQL (docs/decisions/connection-pooler.md):
 * the API's tests of the list, sign-in, logout revocation, a payroll import and a payment order run
 * again with their databases reached through it (TEST_POOLER_URL, testing/src/database.ts), and
 * must pass unchanged. Needs PostgreSQL (DATABASE_URL) and Debian's pgbouncer
 * (scripts/install/pgbouncer.sh, run by .ci/run).
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

describe('through PgBouncer in transaction mode', () => {
  it('is PgBouncer in transaction mode', async () => {
    // The mode that makes named statements, LISTEN and session advisory locks unsafe through it.
    const admin = new URL(bouncer.url)
    admin.pathname = '/pgbouncer'
    const client = new pg.Client({ connectionString: admin.toString() })
    await client.connect()
    try {
      const { rows } = await client.query('show config')
      expect(rows.find((row) => row.key === 'pool_mode')?.value).toBe('transaction')
    } finally {
      await client.end()
    }
  })

  it('the list, sign-in, logout revocation, a payroll import and a payment order work through it', async () => {
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
  }, 600_000)
})
