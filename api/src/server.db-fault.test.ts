import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DatabaseHandle } from '@planillas/db'
import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import {
  adminSession,
  freePort,
  type RunningProcess,
  startProcess,
  waitFor,
} from '@planillas/testing/processes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE } from './lib/errors'

/**
 * The API process (`npm run start:api`) when PostgreSQL ends the connection of a transaction it
 * has open (a restart, `pg_terminate_backend`): the request answers a clean Spanish 503 and the
 * process goes on serving. Needs a real PostgreSQL: PGlite has no backends to end.
 */
const url = process.env.DATABASE_URL
const SECRET = 'db-fault-test-secret'

describe.runIf(url)('the API process when PostgreSQL ends a transaction’s connection', () => {
  let handle: DatabaseHandle
  let api: RunningProcess
  let base: string
  let filesDir: string
  let authorization: string

  beforeAll(async () => {
    handle = await openTestDatabase()
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-dbfault-'))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    const { REDIS_URL: _noQueue, ...env } = process.env
    api = startProcess('api/src/server.ts', {
      ...env,
      DATABASE_URL: handle.url,
      API_PORT: String(port),
      JWT_SECRET: SECRET,
      FILES_DIR: filesDir,
      LOG_LEVEL: 'warn',
    })
    await waitFor('la API', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 60_000)
    const token = await signedInToken(handle.db, SECRET, {
      email: 'rrhh@planillas.pe',
      name: 'Rosa',
      roles: ['areas_edicion', 'areas_lista'],
    })
    authorization = `Bearer ${token}`
  }, 90_000)

  afterAll(async () => {
    await api?.stop()
    await handle?.close()
    await rm(filesDir, { recursive: true, force: true })
  })

  const createArea = (description: string) =>
    fetch(`${base}/api/v1/areas`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ description }),
    })

  it('answers 503 with a Spanish message, stays up and serves the next request', async () => {
    const admin = await adminSession(handle.url as string)
    try {
      // The test holds the table: the API's insert waits inside its open transaction.
      await admin.query('begin')
      await admin.query('lock table areas in access exclusive mode')
      const pending = createArea('Tesorería')
      const waiter = await waitFor(
        'la transacción de la API esperando',
        async () => (await admin.lockWaiters())[0],
      )
      await admin.terminate(waiter.pid)
      await admin.query('rollback')

      const response = await pending
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        status: 'ERROR',
        payload: null,
        messages: [DATABASE_UNAVAILABLE_MESSAGE],
      })
    } finally {
      await admin.end()
    }
    // Let an unheard 'error' event, if any, end the process before looking.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.alive(), api.output()).toBe(true)
    const again = await createArea('Tesorería')
    expect(again.status).toBe(200)
  })
})
