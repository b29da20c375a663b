import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
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
