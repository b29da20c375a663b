import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  asStorageFault,
  FileNotFoundError,
  type FileStorage,
  newStorageKey,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
} from './file-storage'

/** A write in progress (`put`'s `<key>.part-<pid>`) or a health probe (`check`'s `.health-…`). */
const TEMPORARY = /\.part-\d+$|^\.health-/

/** The names in a directory (none when it does not exist). */
const namesIn = (dir: string) => readdir(dir).catch(() => [] as string[])

/** Removes the temporaries in `dir` last modified before `cutoff`; how many. */
async function removeStale(dir: string, cutoff: number): Promise<number> {
  let removed = 0
  for (const name of await namesIn(dir)) {
    if (!TEMPORARY.test(name)) continue
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue
    await rm(file, { force: true })
    removed++
  }
  return removed
}

/** Below this much free space the store reports itself full (`FILES_MIN_FREE_MB`, default 16). */
export const DEFAULT_MIN_FREE_BYTES = 16 * 1024 * 1024

/** Files under one directory; a write goes to a temporary name first, then is renamed into place. */
export function createLocalStorage(
  root: string,
  { minFreeBytes = DEFAULT_MIN_FREE_BYTES }: { minFreeBytes?: number } = {},
): FileStorage {
  const pathOf = (key: string) => {
    // Keys come from the database, but a key that is not ours never becomes a path.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new FileNotFoundError(key)
    return path.join(root, key)
  }
  return {
    kind: 'local',
    async put(body, meta) {
      const key = newStorageKey(meta)
      const target = path.join(root, key)
      const temp = `${target}.part-${process.pid}`
      try {
        await mkdir(path.dirname(target), { recursive: true })
        if (Buffer.isBuffer(body)) await writeFile(temp, body)
        else await pipeline(body, createWriteStream(temp))
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined)
        // A read-only, full or missing store is told apart from a failing upload stream.
        throw asStorageFault(error)
      }
      return key
    },
    async check() {
      const probe = path.join(root, `.health-${process.pid}-${randomUUID()}`)
      try {
        await mkdir(root, { recursive: true })
        await writeFile(probe, 'ok')
        await rm(probe, { force: true })
        // A nearly full disk still takes the tiny probe but not the next PDF or upload.
        const { bavail, bsize } = await statfs(root)
        if (bavail * bsize < minFreeBytes)
          throw Object.assign(new Error('Disco casi lleno'), { code: 'ENOSPC' })
      } catch (error) {
        await rm(probe, { force: true }).catch(() => undefined)
        const fault = asStorageFault(error)
        throw fault instanceof StorageUnavailableError
          ? fault
          : new StorageUnavailableError(String((error as { code?: string }).code ?? 'EIO'), { cause: error })
      }
    },
    async sweepTemporaries(olderThanMs) {
      const cutoff = Date.now() - olderThanMs
      // Keys are `YYYY/MM/<uuid>.<ext>` (newStorageKey): temporaries sit beside them; probes at the root.
      let removed = await removeStale(root, cutoff)
      for (const year of await namesIn(root)) {
        if (!/^\d{4}$/.test(year)) continue
        for (const month of await namesIn(path.join(root, year)))
          if (/^\d{2}$/.test(month)) removed += await removeStale(path.join(root, year, month), cutoff)
      }
      return removed
    },
    async *listKeys(modifiedBefore) {
      const cutoff = modifiedBefore.getTime()
      for (const year of await namesIn(root)) {
        if (!/^\d{4}$/.test(year)) continue
        for (const month of await namesIn(path.join(root, year))) {
          if (!/^\d{2}$/.test(month)) continue
          for (const name of await namesIn(path.join(root, year, month))) {
            const key = `${year}/${month}/${name}`
            if (!STORAGE_KEY_PATTERN.test(key)) continue
            const info = await stat(path.join(root, key)).catch(() => null)
            if (info?.isFile() && info.mtimeMs < cutoff) yield key
          }
        }
      }
    },
    async get(key) {
      const file = pathOf(key)
      try {
        await stat(file)
      } catch {
        throw new FileNotFoundError(key)
      }
      return createReadStream(file)
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/** Reads a whole stream into memory (small files only: templates, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
