import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { startHeartbeat } from './heartbeat'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe("the worker's heartbeat file", () => {
  it('is written at once and renewed while the process runs, and ages once stopped', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'planillas-heartbeat-'))
    const file = path.join(dir, 'alive')
    const errors: Error[] = []
    const stop = startHeartbeat(file, 40, (e) => errors.push(e))
    await sleep(20)
    const first = (await stat(file)).mtimeMs
    expect(Date.parse((await readFile(file, 'utf8')).trim())).toBeGreaterThan(Date.now() - 5_000)
    await sleep(150)
    const later = (await stat(file)).mtimeMs
    expect(later).toBeGreaterThan(first)
    stop()
    // A rename already under way when it stopped may still land: the file's age is read after it.
    await sleep(40)
    const stoppedAt = (await stat(file)).mtimeMs
    expect(stoppedAt).toBeGreaterThanOrEqual(later)
    await sleep(120)
    expect((await stat(file)).mtimeMs).toBe(stoppedAt)
    expect(errors).toEqual([])
  })

  it('reports a file it cannot write and keeps beating', async () => {
    const errors: Error[] = []
    const stop = startHeartbeat('/proc/planillas-no-se-puede/alive', 30, (e) => errors.push(e))
    await sleep(100)
    stop()
    expect(errors.length).toBeGreaterThanOrEqual(2)
  })
})
