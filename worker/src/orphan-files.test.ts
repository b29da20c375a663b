import { mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, payrollBatches } from '@planillas/db'
import {
  createLocalStorage,
  createStorage,
  FileNotFoundError,
  type FileStorage,
  readAll,
} from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { type LocalS3, startLocalS3 } from '@planillas/testing/s3-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-files'

let handle: DatabaseHandle
let dir: string
let s3: LocalS3
beforeAll(async () => {
  handle = await openTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-orphans-'))
  s3 = await startLocalS3('planillas-orphans')
})
afterAll(async () => {
  await handle?.close()
  await s3?.close()
  await rm(dir, { recursive: true, force: true })
})

const meta = { name: 'planilla.xlsx', contentType: 'application/octet-stream' }
async function exists(storage: FileStorage, key: string): Promise<boolean> {
  try {
    await readAll(await storage.get(key))
    return true
  } catch (error) {
    if (error instanceof FileNotFoundError) return false
    throw error
  }
}
/** A payroll upload's row naming `key`: the file is referred to. */
const refer = (key: string, code: string) =>
  handle.db.insert(payrollBatches).values({
    code,
    period: '202611',
    name: 'Con archivo',
    type: 1,
    fileKey: key,
    fileName: 'planilla.xlsx',
    fileSize: 4,
  })

describe('the orphan file sweep', () => {
  it('removes an old file no row names, keeps an old referenced one and a fresh orphan', async () => {
    const storage = createLocalStorage(dir)
    const orphan = await storage.put(Buffer.from('old!'), meta)
    const referenced = await storage.put(Buffer.from('kept'), meta)
    const fresh = await storage.put(Buffer.from('new!'), meta)
    await refer(referenced, 'PL-ORPHAN-1')
    const twoDaysAgo = new Date(Date.now() - 2 * ORPHAN_GRACE_MS)
    for (const key of [orphan, referenced]) await utimes(path.join(dir, key), twoDaysAgo, twoDaysAgo)

    expect(await sweepOrphanFiles(handle.db, storage)).toEqual({ checked: 2, removed: 1 })
    expect(await exists(storage, orphan)).toBe(false)
    expect(await exists(storage, referenced)).toBe(true)
    // Younger than the grace period: its row may still be on its way.
    expect(await exists(storage, fresh)).toBe(true)

    // Once the grace period has passed, the fresh orphan goes too; the referenced file stays.
    const later = new Date(Date.now() + 2 * ORPHAN_GRACE_MS)
    expect(await sweepOrphanFiles(handle.db, storage, { now: later })).toEqual({ checked: 2, removed: 1 })
    expect(await exists(storage, fresh)).toBe(false)
    expect(await exists(storage, referenced)).toBe(true)
  })

  it("lists an S3 bucket's objects and judges them against the same tables", async () => {
    const storage = createStorage(s3.env)
    const orphan = await storage.put(Buffer.from('huérfano'), meta)
    const referenced = await storage.put(Buffer.from('con fila'), meta)
    await refer(referenced, 'PL-ORPHAN-S3')
    // Just written: within the grace period, nothing is judged.
    expect(await sweepOrphanFiles(handle.db, storage)).toEqual({ checked: 0, removed: 0 })
    expect(await exists(storage, orphan)).toBe(true)
    const later = new Date(Date.now() + 2 * ORPHAN_GRACE_MS)
    expect(await sweepOrphanFiles(handle.db, storage, { now: later })).toEqual({ checked: 2, removed: 1 })
    expect(await exists(storage, orphan)).toBe(false)
    expect(await exists(storage, referenced)).toBe(true)
  })
})
