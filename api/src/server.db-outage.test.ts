import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DatabaseHandle } from '@planillas/db'
import { DATABASE_DOWN, DATABASE_UP } from '@planillas/db/outage'
import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import {
  type CuttableProxy,
  freePort,
  jsonLines,
  type RunningProcess,
  startCuttableProxy,
  startProcess,
  waitFor,
} from '@planillas/testing/processes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE } from './lib/errors'

/**
 * The API process during a PostgreSQL outage (a proxy the test cuts): every request answers the
 * Spanish 503, and the log has one line when the outage starts, with its cause, and one when it
 * ends — not one per failed request or lost connection.
 */
const SECRET = 'db-outage-test-secret'

describe.runIf(process.env.DATABASE_URL)('the API process during a PostgreSQL outage', () => {
  let handle: DatabaseHandle
  let proxy: CuttableProxy
  let api: RunningProcess
  let base: string
  let filesDir: string

  beforeAll(async () => {
    handle = await openTestDatabase()
    proxy = await startCuttableProxy(handle.url as string)
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-api-outage-'))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    const { REDIS_URL: _noQueue, ...env } = process.env
    api = startProcess('api/src/server.ts', {
      ...env,
      DATABASE_URL: proxy.url,
      API_PORT: String(port),
      JWT_SECRET: SECRET,
      FILES_DIR: filesDir,
      LOG_LEVEL: 'warn',
    })
    await waitFor('la API', async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 60_000)
  }, 90_000)

  afterAll(async () => {
    await api?.stop()
    await proxy?.close()
    await handle?.close()
    await rm(filesDir, { recursive: true, force: true })
  })

  it('answers 503 to every request and logs the outage once when it starts and once when it ends', async () => {
    const token = await signedInToken(handle.db, SECRET, {
      email: 'rrhh@planillas.pe',
      name: 'Rosa',
      roles: ['areas_lista'],
    })
    const areas = () => fetch(`${base}/api/v1/areas`, { headers: { authorization: `Bearer ${token}` } })
    expect((await areas()).status).toBe(200)

    proxy.cut()
    const answers = await Promise.all(Array.from({ length: 40 }, areas))
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect((await answer.json()).messages).toEqual([DATABASE_UNAVAILABLE_MESSAGE])
    }
    proxy.restore()
    await waitFor('la API de vuelta', async () => (await areas()).status === 200, 30_000)
    await waitFor('la línea del fin de la caída', () => api.output().includes(DATABASE_UP), 10_000)

    const lines = jsonLines(api.output())
    const down = lines.filter((line) => line.msg === DATABASE_DOWN)
    expect(down, api.output()).toHaveLength(1)
    expect(String(down[0].error)).toMatch(/ECONNREFUSED|ECONNRESET|terminated/)
    expect(lines.filter((line) => line.msg === DATABASE_UP)).toHaveLength(1)
    expect(lines.filter((line) => line.msg !== DATABASE_DOWN && line.msg !== DATABASE_UP)).toEqual([])
  }, 120_000)
})
