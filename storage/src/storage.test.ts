import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  asStorageFault,
  createLocalStorage,
  FileNotFoundError,
  type FileStorage,
  readAll,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
} from './storage'

let dir: string
let storage: FileStorage
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-storage-'))
  storage = createLocalStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('local file storage', () => {
  it('stores buffers and streams under fresh keys and gives them back', async () => {
    const a = await storage.put(Buffer.from('hola'), { name: 'Planilla Noviembre.XLSX', contentType: 'x' })
    const b = await storage.put(Readable.from([Buffer.from('ad'), Buffer.from('iós')]), {
      name: 'sin extensión',
      contentType: 'x',
    })
    expect(a).toMatch(STORAGE_KEY_PATTERN)
    expect(a.endsWith('.xlsx')).toBe(true)
    expect(b).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/)
    expect((await readAll(await storage.get(a))).toString()).toBe('hola')
    expect((await readAll(await storage.get(b))).toString()).toBe('adiós')
  })

  it('deletes, and answers FileNotFoundError for a missing or foreign key', async () => {
    const key = await storage.put(Buffer.from('x'), { name: 'a.xlsx', contentType: 'x' })
    await storage.delete(key)
    await storage.delete(key)
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError)
  })

  it('leaves no partial file when a stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('corte'))
      },
    })
    await expect(storage.put(failing, { name: 'b.xlsx', contentType: 'x' })).rejects.toThrow('corte')
    const month = (await readdir(dir))[0]
    const files = await readdir(path.join(dir, month, (await readdir(path.join(dir, month)))[0]))
    expect(files.some((f) => f.includes('.part-'))).toBe(false)
  })
})

describe('a file store that cannot take files', () => {
  it('says so with StorageUnavailableError when FILES_DIR is not a directory (it fails as root too)', async () => {
    const notADirectory = path.join(dir, 'un-archivo')
    await writeFile(notADirectory, 'x')
    const broken = createLocalStorage(notADirectory)
    const put = broken.put(Buffer.from('hola'), { name: 'a.xlsx', contentType: 'x' })
    await expect(put).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(put).rejects.toMatchObject({ code: 'ENOTDIR' })
    await expect(broken.check()).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(storage.check()).resolves.toBeUndefined()
    expect((await readdir(dir)).filter((f) => f.startsWith('.health-'))).toEqual([])
  })

  it('tells a read-only, full or forbidden disk apart from any other failure', () => {
    for (const code of ['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM']) {
      const fault = asStorageFault(Object.assign(new Error(code), { code }))
      expect(fault).toBeInstanceOf(StorageUnavailableError)
      expect(fault).toMatchObject({ code })
    }
    const other = Object.assign(new Error('corte'), { code: 'ECONNRESET' })
    expect(asStorageFault(other)).toBe(other)
  })
})

describe('temporaries left by an interrupted write', () => {
  it('removes those untouched for longer than asked, and nothing else', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'planillas-sweep-'))
    try {
      const store = createLocalStorage(root)
      const kept = await store.put(Buffer.from('archivo'), { name: 'a.xlsx', contentType: 'x' })
      const month = path.join(root, path.dirname(kept))
      await mkdir(month, { recursive: true })
      // What `kill -9` in the middle of a payment file leaves, two hours ago; and a write in progress.
      const abandoned = path.join(month, '0b6f0c1e-0000-4000-8000-000000000001.txt.part-4242')
      const inProgress = path.join(month, '0b6f0c1e-0000-4000-8000-000000000002.txt.part-4243')
      const probe = path.join(root, '.health-4242-x')
      for (const file of [abandoned, inProgress, probe]) await writeFile(file, 'parcial')
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
      await utimes(abandoned, twoHoursAgo, twoHoursAgo)
      await utimes(probe, twoHoursAgo, twoHoursAgo)

      expect(await store.sweepTemporaries(3600_000)).toBe(2)
      const left = (await readdir(root, { recursive: true })).map((f) => path.join(root, f))
      expect(left).toContain(inProgress)
      expect(left).toContain(path.join(root, kept))
      expect(left).not.toContain(abandoned)
      expect(left).not.toContain(probe)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('the health check of a nearly full disk', () => {
  it('fails with ENOSPC when less than the minimum is free, though a tiny probe still fits', async () => {
    const full = createLocalStorage(dir, { minFreeBytes: Number.MAX_SAFE_INTEGER })
    await expect(full.check()).rejects.toMatchObject({ name: 'Error', code: 'ENOSPC' })
    await expect(full.check()).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(storage.check()).resolves.toBeUndefined()
  })
})
