import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { auditLogs, payrollBatchErrors, payrollBatches } from '@planillas/db'
import {
  BATCH_STATUS,
  FILE_MESSAGES,
  type JobQueue,
  PAYROLL_UPLOAD_MESSAGES as M,
  PAYROLL_TEMPLATE_HEADERS,
  periodOptions,
} from '@planillas/domain'
import { XLSX_LIMITS } from '@planillas/formats/xlsx-package'
import { createLocalStorage } from '@planillas/storage'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { ensureFixtureBanks, payrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { bombPart, quotePrefixedCells, rezip, unzipParts } from '@planillas/testing/zip-fixtures'
import { count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let t: TestApp
let filesDir: string
const enqueued: number[] = []
let queueDown = false
const queue: JobQueue = {
  kind: 'in-process',
  enqueue: async (_name, payload) => {
    if (queueDown) throw new Error('Redis caído')
    enqueued.push((payload as { batchId: number }).batchId)
  },
  state: async () => 'waiting',
  forget: async () => {},
  close: async () => {},
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-api-files-'))
  t = await createTestApp({}, { jobs: queue, storage: createLocalStorage(filesDir) })
  await ensureFixtureBanks(t.handle.db)
})
afterAll(async () => {
  await t.close()
  await rm(filesDir, { recursive: true, force: true })
})
beforeEach(() => {
  queueDown = false
})

const PERIOD = periodOptions()[1]
let codes = 0
const fields = (over: Record<string, string> = {}) => ({
  code: `PL-${++codes}`,
  period: PERIOD,
  name: 'Operarios',
  type: '1',
  ...over,
})

async function multipart(form: Record<string, string>, file?: { name: string; content: Buffer }) {
  const data = new FormData()
  for (const [key, value] of Object.entries(form)) data.append(key, value)
  if (file) data.append('file', new Blob([new Uint8Array(file.content)]), file.name)
  const encoded = new Response(data)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}

async function upload(
  form: Record<string, string>,
  file?: { name: string; content: Buffer },
  who: 'rrhh' | 'lector' = 'rrhh',
) {
  return t.call(who, { method: 'POST', url: '/api/v1/payroll-batch', ...(await multipart(form, file)) })
}

const batchCount = async () => (await t.handle.db.select({ n: count() }).from(payrollBatches))[0].n
const storedFiles = async () =>
  (await readdir(filesDir, { recursive: true })).filter((f) => f.endsWith('.xlsx')).length

async function expectRefused(
  form: Record<string, string>,
  file: { name: string; content: Buffer } | undefined,
  messages: string[],
) {
  const [batches, files] = [await batchCount(), await storedFiles()]
  const res = await upload(form, file)
  expect(res.status).toBe(400)
  expect(res.body).toEqual({ status: 'ERROR', payload: { messages }, messages })
  expect(await batchCount()).toBe(batches)
  expect(await storedFiles()).toBe(files)
}

describe('POST /payroll-batch', () => {
  it('stores the file, records the batch PENDIENTE, audits it and enqueues one job', async () => {
    const content = await payrollWorkbook([validRow(1), validRow(2)])
    const form = fields({ code: 'PL-2026-11-OP', name: 'Operarios noviembre', type: '1' })
    const res = await upload(form, { name: 'Planilla Noviembre.xlsx', content })
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual([M.accepted])
    const id = res.body.payload.id
    expect(enqueued).toContain(id)

    const read = await t.call('rrhh', { method: 'GET', url: `/api/v1/payroll-batch/${id}` })
    expect(read.body.payload).toMatchObject({
      code: 'PL-2026-11-OP',
      period: PERIOD,
      status: BATCH_STATUS.PENDING,
      createdBy: 'rrhh@planillas.pe',
      file: {
        name: 'Planilla Noviembre.xlsx',
        url: `/api/v1/payroll-batch/${id}/file`,
        size: content.length,
      },
      payrollId: null,
    })
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payroll-batch/${id}/file`,
      headers: await t.as('rrhh'),
    })
    expect(file.rawPayload.equals(content)).toBe(true)
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Planilla%20Noviembre.xlsx")
    const [audit] = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payroll_batches'))
    expect(audit).toMatchObject({ action: 'CREATE', actor: 'rrhh@planillas.pe', entityId: String(id) })
  })

  it('returns every problem of the form at once and stores nothing', async () => {
    await expectRefused({}, undefined, [M.code, M.period, M.name, M.type, M.file])
    await expectRefused({ code: 'X', period: '202613', name: 'n'.repeat(101), type: '3' }, undefined, [
      M.periodInvalid,
      M.nameMax,
      M.type,
      M.file,
    ])
  })

  it('checks the file by extension and by content', async () => {
    const good = await payrollWorkbook([validRow(1)])
    await expectRefused(fields(), { name: 'planilla.csv', content: Buffer.from('1;45678912;...') }, [
      M.fileExtension,
      FILE_MESSAGES.notXlsx,
    ])
    await expectRefused(fields(), { name: 'planilla.xls', content: good }, [M.fileExtension])
    await expectRefused(fields(), { name: 'planilla.xlsx', content: Buffer.from('no soy un excel') }, [
      FILE_MESSAGES.notXlsx,
    ])
    await expectRefused(fields(), { name: 'planilla.xlsx', content: good.subarray(0, 400) }, [
      FILE_MESSAGES.damaged,
    ])
  })

  it('refuses a file over 20 MB', async () => {
    await expectRefused(fields(), { name: 'grande.xlsx', content: Buffer.alloc(20 * 1024 * 1024 + 1, 1) }, [
      M.fileSize,
    ])
  })

  it('checks the header row against the template', async () => {
    const header = [...PAYROLL_TEMPLATE_HEADERS, 'Observaciones']
    header[0] = 'Tipo'
    await expectRefused(
      fields(),
      { name: 'p.xlsx', content: await payrollWorkbook([validRow(1)], { header }) },
      [
        FILE_MESSAGES.headerMismatch('A', 'Tipo de documento', 'Tipo'),
        FILE_MESSAGES.extraColumn('H', 'Observaciones'),
      ],
    )
    const empty = new ExcelJS.Workbook()
    empty.addWorksheet('Hoja1')
    await expectRefused(fields(), { name: 'p.xlsx', content: Buffer.from(await empty.xlsx.writeBuffer()) }, [
      FILE_MESSAGES.empty,
    ])
  })

  it('refuses a zip bomb and keeps answering', async () => {
    const head =
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    const bomb = await bombPart(
      'xl/worksheets/sheet1.xml',
      head,
      XLSX_LIMITS.sheetBytes + 1024,
      '</sheetData></worksheet>',
    )
    const content = rezip(unzipParts(await payrollWorkbook([validRow(1)])), {
      'xl/worksheets/sheet1.xml': bomb,
    })
    await expectRefused(fields(), { name: 'bomba.xlsx', content }, [FILE_MESSAGES.bomb])
    expect(
      (await t.call('rrhh', { method: 'POST', url: '/api/v1/payroll-batch/list', payload: {} })).status,
    ).toBe(200)
  }, 60_000)

  it('keeps a code for one payroll, and frees it when the batch ended with errors', async () => {
    const content = await payrollWorkbook([validRow(1)])
    const first = await upload(fields({ code: 'PL-UNICO' }), { name: 'a.xlsx', content })
    expect(first.status).toBe(200)
    await expectRefused(fields({ code: 'pl-unico' }), { name: 'b.xlsx', content }, [M.codeTaken])
    await t.handle.db
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.FAILED })
      .where(eq(payrollBatches.id, first.body.payload.id))
    expect((await upload(fields({ code: 'PL-UNICO' }), { name: 'c.xlsx', content })).status).toBe(200)
  })

  it('records the batch even when the queue is down (a worker sweep picks it up)', async () => {
    queueDown = true
    // A workbook of its own: the same bytes as another test's would be refused as a repeat.
    const res = await upload(fields(), { name: 'a.xlsx', content: await payrollWorkbook([validRow(41)]) })
    expect(res.status).toBe(200)
    const [batch] = await t.handle.db
      .select()
      .from(payrollBatches)
      .where(eq(payrollBatches.id, res.body.payload.id))
    expect(batch.status).toBe(BATCH_STATUS.PENDING)
  })

  it('needs planillas_carga', async () => {
    const res = await upload(
      fields(),
      { name: 'a.xlsx', content: await payrollWorkbook([validRow(1)]) },
      'lector',
    )
    expect(res.status).toBe(403)
  })
})

describe('the same workbook twice', () => {
  it('refuses an identical file for the same period and type, naming the payroll it repeats, unless confirmed', async () => {
    const content = await payrollWorkbook([validRow(7), validRow(8)])
    const first = await upload(fields({ code: 'PL-DUP-1', name: 'Haberes duplicados', type: '2' }), {
      name: 'a.xlsx',
      content,
    })
    expect(first.status).toBe(200)
    // Same bytes, same period and type, another name and code: refused, saying which payroll.
    await expectRefused(fields({ code: 'PL-DUP-2', type: '2' }), { name: 'copia.xlsx', content }, [
      M.duplicateFile('PL-DUP-1', 'Haberes duplicados'),
    ])
    expect(M.duplicateFile('PL-DUP-1', 'Haberes duplicados')).toMatch(
      /^El archivo es idéntico al de la planilla PL-DUP-1/,
    )
    // Another type is another payroll; so is a confirmed repeat, and the audit says so.
    expect((await upload(fields({ code: 'PL-DUP-3', type: '1' }), { name: 'b.xlsx', content })).status).toBe(
      200,
    )
    const confirmed = await upload(fields({ code: 'PL-DUP-4', type: '2', confirmDuplicate: 'on' }), {
      name: 'copia.xlsx',
      content,
    })
    expect(confirmed.status).toBe(200)
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(confirmed.body.payload.id)))
    expect(audit.description).toContain(
      "confirmó que el archivo es idéntico al de la planilla PL-DUP-1 'Haberes duplicados'",
    )
    // A batch that failed does not count as a payroll to repeat.
    await t.handle.db
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.FAILED })
      .where(
        eq(
          payrollBatches.contentSha256,
          (await t.handle.db.select().from(payrollBatches).where(eq(payrollBatches.code, 'PL-DUP-1')))[0]
            .contentSha256 ?? '',
        ),
      )
    expect((await upload(fields({ code: 'PL-DUP-5', type: '2' }), { name: 'd.xlsx', content })).status).toBe(
      200,
    )
  })
  it('lets only one of several clerks sending the same workbook at the same moment through', async () => {
    const content = await payrollWorkbook([validRow(17), validRow(18)])
    const answers = await Promise.all(
      ['PL-RACE-1', 'PL-RACE-2', 'PL-RACE-3'].map((code) =>
        upload(fields({ code, name: 'Haberes simultáneos', type: '2' }), {
          name: `${code}.xlsx`,
          content,
        }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
    const refused = answers.filter((a) => a.status === 400)
    for (const answer of refused)
      expect(answer.body.messages[0]).toMatch(/^El archivo es idéntico al de la planilla PL-RACE-/)
    const recorded = await t.handle.db
      .select()
      .from(payrollBatches)
      .where(eq(payrollBatches.name, 'Haberes simultáneos'))
    expect(recorded).toHaveLength(1)
  })
})

describe('template', () => {
  it('has the headers, an example row and a notes sheet, and passes the upload check itself', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payroll-batch/template/xlsx',
      headers: await t.as('rrhh'),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain('plantilla-planilla.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const [sheet, notes] = workbook.worksheets
    expect(sheet.name).toBe('Planilla')
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(PAYROLL_TEMPLATE_HEADERS)
    expect(sheet.actualRowCount).toBe(2)
    expect(sheet.getColumn(2).numFmt).toBe('@')
    const noteTexts = notes.getColumn(2).values.join('\n')
    expect(noteTexts).toContain('Carné de extranjería')
    expect(noteTexts).toContain('Banco de Crédito del Perú')
    // The optional columns are said, with the table 22 codes in force.
    expect(noteTexts).toContain('tabla 22 de PLAME')
    expect(notes.getColumn(1).values).toContain('Régimen pensionario')
    expect(noteTexts).toContain('Remuneración o jornal básico (Ingreso)')
    const check = await upload(fields(), { name: 'plantilla.xlsx', content: res.rawPayload })
    expect(check.status).toBe(200)
  })
})

describe('list, errors', () => {
  it('lists newest first, searches file name and uploader, filters by period', async () => {
    const content = await payrollWorkbook([validRow(1)])
    await upload(fields({ period: periodOptions()[3] }), { name: 'Gratificación julio.xlsx', content })
    const list = async (body: object, query = '') =>
      (await t.call('rrhh', { method: 'POST', url: `/api/v1/payroll-batch/list${query}`, payload: body }))
        .body.payload
    const all = await list({})
    expect(all.totalElements).toBe(await batchCount())
    expect(all.content[0].file.name).toBe('Gratificación julio.xlsx')
    expect(
      (await list({ search: 'gratificación' })).content.map((b: { file: { name: string } }) => b.file.name),
    ).toEqual(['Gratificación julio.xlsx'])
    expect((await list({ search: 'rrhh@' })).totalElements).toBe(all.totalElements)
    expect((await list({ period: periodOptions()[3] })).totalElements).toBe(1)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/payroll-batch/list', payload: {} })).status,
    ).toBe(403)
  })

  it('gives the errors of a batch in row order, paged and as a workbook', async () => {
    const res = await upload(fields(), { name: 'a.xlsx', content: await payrollWorkbook([validRow(42)]) })
    const batchId = res.body.payload.id
    // Stored out of order, as look-ups running in parallel store them; file-level problems have no row.
    await t.handle.db.insert(payrollBatchErrors).values([
      {
        batchId,
        rowNumber: 3,
        column: 'Número de documento',
        value: '=1+1',
        message: 'La celda contiene una fórmula',
      },
      { batchId, rowNumber: 2, column: 'Monto (S/)', value: '-5', message: 'Monto debe ser mayor a cero' },
      { batchId, rowNumber: null, column: null, value: null, message: 'El archivo tiene columnas de más' },
    ])
    const page = await t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payroll-batch/${batchId}/errors?size=2`,
    })
    expect(page.body.payload).toMatchObject({ totalElements: 3, totalPages: 2 })
    expect(page.body.payload.content).toEqual([
      { rowNumber: null, column: null, value: null, message: 'El archivo tiene columnas de más' },
      { rowNumber: 2, column: 'Monto (S/)', value: '-5', message: 'Monto debe ser mayor a cero' },
    ])
    const sheetRows = async () => {
      const xlsx = await t.app.inject({
        method: 'GET',
        url: `/api/v1/payroll-batch/${batchId}/errors/xlsx`,
        headers: await t.as('rrhh'),
      })
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
      return workbook.worksheets[0]
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1))
    }
    expect(await sheetRows()).toEqual([
      ['Fila', 'Columna', 'Valor', 'Mensaje'],
      [undefined, undefined, undefined, 'El archivo tiene columnas de más'],
      [2, 'Monto (S/)', '-5', 'Monto debe ser mayor a cero'],
      [3, 'Número de documento', '=1+1', 'La celda contiene una fórmula'],
    ])
    // Shown as stored, never run or turned into a number: the quote-prefix style on the texts that
    // start like a formula (the value '-5' as typed, '=1+1'), and on nothing else.
    const workbook = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payroll-batch/${batchId}/errors/xlsx`,
      headers: await t.as('rrhh'),
    })
    expect([...quotePrefixedCells(workbook.rawPayload)]).toEqual([
      ['C3', '-5'],
      ['C4', '=1+1'],
    ])

    // Past one page of the export's keyset (1,000), still every error once and in row order.
    await t.handle.db.insert(payrollBatchErrors).values(
      Array.from({ length: 1500 }, (_, i) => ({
        batchId,
        rowNumber: 1504 - i,
        column: 'Banco',
        value: '999',
        message: 'Banco no existe',
      })),
    )
    const rows = (await sheetRows()).slice(1).map((r) => r[0] ?? 0)
    expect(rows).toHaveLength(1503)
    expect(rows).toEqual([...rows].sort((a, b) => Number(a) - Number(b)))
    expect(new Set(rows.slice(3)).size).toBe(1500)
    expect((await t.call('rrhh', { method: 'GET', url: '/api/v1/payroll-batch/99999/errors' })).status).toBe(
      404,
    )
  })
})
