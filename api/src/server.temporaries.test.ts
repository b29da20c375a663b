import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DatabaseHandle } from '@planillas/db'
import { openTestDatabase } from '@planillas/testing/database'
import { freePort, type RunningProcess, startProcess, waitFor } from '@planillas/testing/processes'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `kill -9` of the API while it writes a payment file leaves the file's temporary in the store
 * (`<key>.part-<pid>`): the API process sweeps such leftovers when it starts (and every 15 minutes),
 * leaving stored files and writes in progress alone.
 */
describe('the API process and the temporaries a killed write left', () => {
  let api: RunningProcess | undefined
  let filesDir: string
  let handle: DatabaseHandle | undefined

  afterAll(async () => {
    await api?.stop()
    await handle?.close()
    if (filesDir) await rm(filesDir, { recursive: true, force: true })
  })

  it('removes an abandoned temporary at start, keeping stored files and fresh temporaries', async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-temporaries-'))
    const month = path.join(filesDir, '2026', '11')
    await mkdir(month, { recursive: true })
    const abandoned = path.join(month, '0b6f0c1e-0000-4000-8000-000000000001.txt.part-999999')
    const fresh = path.join(month, '0b6f0c1e-0000-4000-8000-000000000002.txt.part-999998')
    const stored = path.join(month, '0b6f0c1e-0000-4000-8000-000000000003.txt')
    for (const file of [abandoned, fresh, stored]) await writeFile(file, 'BCP;20100043140;...')
    const yesterday = new Date(Date.now() - 24 * 3600_000)
    await utimes(abandoned, yesterday, yesterday)
    await utimes(stored, yesterday, yesterday)

    const port = await freePort()
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env
    // A fresh PostgreSQL database when there is one (quicker to start), else PGlite in memory.
    handle = process.env.DATABASE_URL ? await openTestDatabase() : undefined
    api = startProcess('api/src/server.ts', {
      ...env,
      ...(handle?.url ? { DATABASE_URL: handle.url } : { PGLITE_DIR: 'memory://' }),
      API_PORT: String(port),
      JWT_SECRET: 'temporaries-test-secret',
      FILES_DIR: filesDir,
      LOG_LEVEL: 'warn',
    })
    // The sweep removes the file, then logs it: wait for both (the log line may come a moment later).
    await waitFor(
      'el barrido de temporales',
      async () =>
        !(await readdir(month)).includes(path.basename(abandoned)) &&
        api?.output().includes('Archivos temporales abandonados eliminados'),
      150_000,
    )
    expect((await readdir(month)).sort()).toEqual([path.basename(stored), path.basename(fresh)].sort())
    expect(api.output()).toContain('Archivos temporales abandonados eliminados')
  }, 180_000)
})
