import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  asStorageFault,
  FileNotFoundError,
  type FileStorage,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
  type StoredFileMeta,
} from './storage'

/** Files under one directory; a write goes to a temporary name first, then is renamed into place. */
export function createLocalStorage(root: string): FileStorage {
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
      } catch (error) {
        await rm(probe, { force: true }).catch(() => undefined)
        const fault = asStorageFault(error)
        throw fault instanceof StorageUnavailableError
          ? fault
          : new StorageUnavailableError(String((error as { code?: string }).code ?? 'EIO'), { cause: error })
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

export function newStorageKey(meta: StoredFileMeta, now = new Date()): string {
  const extension = path.extname(meta.name).toLowerCase()
  const safeExtension = /^\.[a-z0-9]{1,8}$/.test(extension) ? extension : ''
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}${safeExtension}`
}

/** Reads a whole stream into memory (small files only: templates, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
