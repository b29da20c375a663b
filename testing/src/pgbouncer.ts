import { spawn } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { collectOutput, waitFor } from './processes'

export const PGBOUNCER_BIN = '/usr/sbin/pgbouncer'

/**
 * Debian's PgBouncer (scripts/install/pgbouncer.sh) in transaction mode on 127.0.0.1:`port`, in
 * front of the PostgreSQL of `directUrl`, for every database name (`*`), trusting the user as the
 * PostgreSQL it fronts does. Started as root it drops to the `postgres` user, as it must.
 */
export async function startPgbouncer(directUrl: string, port: number) {
  const target = new URL(directUrl)
  const dir = await mkdtemp(path.join(tmpdir(), 'planillas-pgbouncer-'))
  await chmod(dir, 0o755)
  const user = decodeURIComponent(target.username || 'postgres')
  await writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`)
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // TCP only: the dropped-to user may not write a socket or pid file in the test's directory.
      'unix_socket_dir =',
      `admin_users = ${user}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 10',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  )
  const args = process.getuid?.() === 0 ? ['-u', 'postgres'] : []
  const child = spawn(PGBOUNCER_BIN, [...args, path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = collectOutput(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = new URL(directUrl)
  url.port = String(port)
  url.hostname = '127.0.0.1'
  await waitFor(
    `pgbouncer en ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer terminó: ${output()}`)
      const client = new pg.Client({ connectionString: url.toString() })
      client.on('error', () => {})
      try {
        await client.connect()
        await client.query('select 1')
        return true
      } catch {
        return false
      } finally {
        await client.end().catch(() => undefined)
      }
    },
    15_000,
  )
  return {
    /** The pooler's address (same database path and user as `directUrl`). */
    url: url.toString(),
    output,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
