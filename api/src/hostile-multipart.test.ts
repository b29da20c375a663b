import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { payrollBatches } from '@planillas/db'
import { periodOptions } from '@planillas/domain'
import { createLocalStorage } from '@planillas/storage'
import { createTestApp, IDLE_QUEUE, type TestApp } from '@planillas/testing/api/app'
import { ensureFixtureBanks, payrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_NAME_NUL_MESSAGE, MALFORMED_FORM_MESSAGE } from './lib/errors'

/**
 * Hostile multipart bodies are the sender's fault, a Spanish 400, never a 500, and they
 * leave nothing stored.
 */
let t: TestApp
let filesDir: string
beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-hostile-'))
  t = await createTestApp({}, { jobs: IDLE_QUEUE, storage: createLocalStorage(filesDir) })
  await ensureFixtureBanks(t.handle.db)
})
afterAll(async () => {
  await t.close()
  await rm(filesDir, { recursive: true, force: true })
})

const storedFiles = async () =>
  (await readdir(filesDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).length

const B = 'limite-de-prueba'
const UPLOADS = [
  '/api/v1/payroll-batch',
  '/api/v1/payment-batches',
  '/api/v1/voucher-batches',
  '/api/v1/applicants',
]

const batches = async () => (await t.handle.db.select({ n: count() }).from(payrollBatches))[0].n

function part(headers: string, content: Buffer | string) {
  return Buffer.concat([
    Buffer.from(`--${B}\r\n${headers}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ])
}

async function post(url: string, body: Buffer, contentType = `multipart/form-data; boundary=${B}`) {
  return t.call('admin', { method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
}

describe('hostile multipart bodies', () => {
  it.each(UPLOADS)(
    '%s: a NUL in the file name (filename* and filename) → 400, nothing stored',
    async (url) => {
      const workbook = await payrollWorkbook([validRow(1)])
      const fields = [
        part('Content-Disposition: form-data; name="code"', 'PL-NUL'),
        part('Content-Disposition: form-data; name="period"', periodOptions()[1]),
        part('Content-Disposition: form-data; name="name"', 'Operarios'),
        part('Content-Disposition: form-data; name="type"', '1'),
      ]
      const before = await batches()
      expect(await storedFiles()).toBe(0)
      for (const disposition of [
        `form-data; name="file"; filename*=UTF-8''planilla%00.xlsx`,
        'form-data; name="file"; filename="plani\u0000lla.xlsx"',
        `form-data; name="cv"; filename*=UTF-8''cv%00.pdf`,
      ]) {
        const body = Buffer.concat([
          ...fields,
          part(`Content-Disposition: ${disposition}\r\nContent-Type: application/octet-stream`, workbook),
          Buffer.from(`--${B}--\r\n`),
        ])
        const res = await post(url, body)
        expect(res.status, disposition).toBe(400)
        expect(res.body.messages).toEqual([FILE_NAME_NUL_MESSAGE])
      }
      expect(await batches()).toBe(before)
      expect(await storedFiles()).toBe(0)
    },
  )

  it.each(UPLOADS)('%s: no boundary, a body cut short, a part without its headers → 400', async (url) => {
    const cases: [string, Buffer, string?][] = [
      ['no boundary', Buffer.from(`--${B}\r\n\r\nx\r\n--${B}--\r\n`), 'multipart/form-data'],
      ['empty boundary', Buffer.from('x'), 'multipart/form-data; boundary='],
      ['cut in a field', Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="code"\r\n\r\nPL`)],
      [
        'cut in the file',
        Buffer.from(
          `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004`,
        ),
      ],
      ['cut in the headers', Buffer.from(`--${B}\r\nContent-Disposition: form-da`)],
      ['only the boundary', Buffer.from(`--${B}`)],
    ]
    for (const [what, body, type] of cases) {
      const res = await post(url, body, type)
      expect(res.status, what).toBeLessThan(500)
      expect(res.status, what).toBeGreaterThanOrEqual(400)
      expect(res.body.messages.join(' '), what).toMatch(/[áéíóúñ]|formulario|requerido/i)
    }
    const res = await post(
      url,
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="code"\r\n\r\nPL`),
    )
    expect(res.body.messages).toEqual([MALFORMED_FORM_MESSAGE])
  })
})
