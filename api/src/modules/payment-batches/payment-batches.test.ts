import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { auditLogs, paymentBatches, payrollBatches, payrolls } from '@planillas/db'
import {
  insertFixturePayroll,
  paymentsWorkbook,
  pdfPageTexts,
  receiptPdf,
} from '@planillas/db/payment-fixtures'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/db/payroll-fixtures'
import { createLocalStorage, type FileStorage } from '@planillas/db/storage'
import {
  FILE_MESSAGES,
  type JobQueue,
  PAYMENT_UPLOAD_MESSAGES as M,
  PAYMENT_TEMPLATE_HEADERS,
  todayInLima,
} from '@planillas/domain'
// The API never runs jobs; this test runs the worker's processor to see an upload through.
import { silentLogger } from '@planillas/worker/context'
import { processPaymentImport } from '@planillas/worker/processors/payment-import'
import dayjs from 'dayjs'
import { count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing'

let t: TestApp
let filesDir: string
let storage: FileStorage
const enqueued: number[] = []
const queue: JobQueue = {
  kind: 'in-process',
  enqueue: async (_name, payload) => {
    enqueued.push((payload as { batchId: number }).batchId)
  },
  state: async () => 'waiting',
  forget: async () => {},
  close: async () => {},
}
let payroll: { id: number; code: string }
const AMOUNTS = ['1500.00', '2300.50', '980.25', '1200.00']
const TODAY = todayInLima()

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-api-payments-'))
  storage = createLocalStorage(filesDir)
  t = await createTestApp({}, { jobs: queue, storage })
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 12)
  const lines = AMOUNTS.map((amount, employee) => ({ employee, amount }))
  payroll = { code: 'PL-ABONOS-1', ...(await insertFixturePayroll(t.handle.db, 'PL-ABONOS-1', lines)) }
})
afterAll(async () => {
  await t.close()
  await rm(filesDir, { recursive: true, force: true })
})

type FilePart = { name: string; content: Buffer | Uint8Array }
async function multipart(form: Record<string, string>, file?: FilePart, records: FilePart[] = []) {
  const data = new FormData()
  for (const [key, value] of Object.entries(form)) data.append(key, value)
  if (file) data.append('file', new Blob([new Uint8Array(file.content)]), file.name)
  for (const r of records) data.append('records', new Blob([new Uint8Array(r.content)]), r.name)
  const encoded = new Response(data)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}
const upload = async (
  form: Record<string, string>,
  file?: FilePart,
  records: FilePart[] = [],
  who: 'rrhh' | 'lector' = 'rrhh',
) =>
  t.call(who, { method: 'POST', url: '/api/v1/payment-batches', ...(await multipart(form, file, records)) })

const row = (n: number, amount: number, operation: string, receipt: string | null = null) => [
  1,
  fixtureDni(n),
  amount,
  operation,
  receipt,
]
const validForm = () => ({ payrollNumber: payroll.code, payrollDesc: 'Quincena', paymentDate: TODAY })
const excel = async (rows = [row(0, 1500, '7001')]) => ({
  name: 'abonos.xlsx',
  content: await paymentsWorkbook(rows),
})
const batchCount = async () => (await t.handle.db.select({ n: count() }).from(paymentBatches))[0].n
const storedFiles = async () => (await readdir(filesDir, { recursive: true })).filter((f) => /\.\w+$/.test(f))
const run = (batchId: number) =>
  processPaymentImport({ batchId }, { db: t.handle.db, storage, log: silentLogger })

/** Refused with exactly these messages, and nothing stored. */
async function expectRefused(response: Awaited<ReturnType<typeof upload>>, messages: string[]) {
  expect(response.status).toBe(400)
  expect(response.body.messages).toEqual(messages)
  expect(response.body.payload.messages).toEqual(messages)
}

describe('payment batches: the upload form', () => {
  it('accepts a valid upload: stores the files, records the batch PENDIENTE and enqueues one job', async () => {
    const before = enqueued.length
    const sent = await excel()
    const response = await upload(validForm(), sent, [
      { name: 'constancia.pdf', content: await receiptPdf('x') },
    ])
    expect(response.status).toBe(200)
    expect(response.body.messages).toEqual(['Se está procesando la carga de abonos.'])
    const id = response.body.payload.id
    expect(enqueued.slice(before)).toEqual([id])
    const [batch] = await t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, id))
    expect(batch).toMatchObject({
      status: 1,
      payrollId: payroll.id,
      payrollNumber: payroll.code,
      payrollDesc: 'Quincena',
      paymentDate: TODAY,
      fileName: 'abonos.xlsx',
      receiptCount: 1,
      createdBy: 'rrhh@planillas.pe',
    })
    const [audit] = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payment_batches'))
    expect(audit.description).toContain(`planilla ${payroll.code}: archivo 'abonos.xlsx' y 1 constancias`)
    const file = await t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/file` })
    expect(file.status).toBe(200)
    expect(Buffer.compare(file.body, sent.content)).toBe(0)
  })

  it('reports every missing field at once and stores nothing', async () => {
    const [files, batches] = [await storedFiles(), await batchCount()]
    await expectRefused(await upload({ payrollNumber: '', payrollDesc: '', paymentDate: '' }), [
      M.payrollNumber,
      M.paymentDate,
      M.file,
    ])
    expect(await storedFiles()).toEqual(files)
    expect(await batchCount()).toBe(batches)
  })

  it('refuses a 51-character number, a 101-character description and a date after today', async () => {
    const files = await storedFiles()
    const tomorrow = dayjs(TODAY).add(1, 'day').format('YYYY-MM-DD')
    await expectRefused(
      await upload(
        { payrollNumber: 'P'.repeat(51), payrollDesc: 'D'.repeat(101), paymentDate: tomorrow },
        await excel(),
        [{ name: 'ok.pdf', content: await receiptPdf('ok') }],
      ),
      [M.payrollNumberMax, M.payrollDescMax, M.paymentDateFuture],
    )
    await expectRefused(await upload({ ...validForm(), paymentDate: '2026-02-30' }, await excel()), [
      M.paymentDateInvalid,
    ])
    expect(await storedFiles()).toEqual(files)
  })

  it('refuses a .pdf that is really a PNG, a receipt with another extension, an empty one and repeated names', async () => {
    const files = await storedFiles()
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const pdf = await receiptPdf('ok')
    await expectRefused(
      await upload(validForm(), await excel(), [
        { name: 'foto.pdf', content: png },
        { name: 'foto.png', content: png },
        { name: 'vacia.pdf', content: Buffer.alloc(0) },
        { name: 'Doble.pdf', content: pdf },
        { name: 'doble.PDF', content: pdf },
      ]),
      [
        M.receiptContent('foto.pdf'),
        M.receiptExtension('foto.png'),
        M.receiptEmpty('vacia.pdf'),
        M.receiptRepeated('doble.PDF'),
      ],
    )
    expect(await storedFiles()).toEqual(files)
  })

  it('refuses a receipt over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)])
    await expectRefused(await upload(validForm(), await excel(), [{ name: 'grande.pdf', content: big }]), [
      M.receiptSize('grande.pdf'),
    ])
  })

  it('checks the Excel by extension, content and header, and wants only one', async () => {
    const good = await excel()
    await expectRefused(await upload(validForm(), { name: 'abonos.xls', content: good.content }), [
      M.fileExtension,
    ])
    await expectRefused(await upload(validForm(), { name: 'abonos.xlsx', content: Buffer.from('hola') }), [
      FILE_MESSAGES.notXlsx,
    ])
    const wrongHeader = await paymentsWorkbook([row(0, 1, '1')], {
      header: [...PAYMENT_TEMPLATE_HEADERS.slice(0, 4), 'Archivo'],
    })
    await expectRefused(await upload(validForm(), { name: 'abonos.xlsx', content: wrongHeader }), [
      "El encabezado de la columna E debe ser 'Constancia (archivo PDF)' (se encontró 'Archivo')",
    ])
    await expectRefused(
      await upload(validForm(), { name: 'abonos.xlsx', content: await paymentsWorkbook([]) }),
      [FILE_MESSAGES.noDataRows],
    )
    const form = new FormData()
    for (const [k, v] of Object.entries(validForm())) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(good.content)]), 'a.xlsx')
    form.append('file', new Blob([new Uint8Array(good.content)]), 'b.xlsx')
    const encoded = new Response(form)
    const response = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payment-batches',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    })
    await expectRefused(response, [M.oneFile])
  })

  it('wants a payroll that exists, is not annulled and is not still being imported', async () => {
    await expectRefused(await upload({ ...validForm(), payrollNumber: 'NO-EXISTE' }, await excel()), [
      M.payrollUnknown('NO-EXISTE'),
    ])
    await t.handle.db.insert(payrollBatches).values({
      code: 'PL-EN-CURSO',
      period: '202611',
      name: 'En curso',
      type: 1,
      fileKey: 'x',
      fileName: 'x.xlsx',
      fileSize: 1,
    })
    await expectRefused(await upload({ ...validForm(), payrollNumber: 'pl-en-curso' }, await excel()), [
      M.payrollInProgress('pl-en-curso'),
    ])
    const annulled = await insertFixturePayroll(t.handle.db, 'PL-ANULADA', [
      { employee: 10, amount: '10.00' },
    ])
    await t.handle.db.update(payrolls).set({ status: 2 }).where(eq(payrolls.id, annulled.id))
    await expectRefused(await upload({ ...validForm(), payrollNumber: 'PL-ANULADA' }, await excel()), [
      M.payrollAnnulled('PL-ANULADA'),
    ])
  })

  it('needs planillas_abonos to upload; the payments list role may only look', async () => {
    expect((await upload(validForm(), await excel(), [], 'lector')).status).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/payment-batches/list', payload: {} })).status,
    ).toBe(200)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/payment-batches/list', payload: {} })).status,
    ).toBe(403)
  })
})

describe('payment batches: template, list, processing and downloads', () => {
  it('downloads the template with its headers and a notes sheet', async () => {
    const response = await t.call('rrhh', { method: 'GET', url: '/api/v1/payment-batches/template/xlsx' })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body)
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Abonos', 'Notas'])
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      ...PAYMENT_TEMPLATE_HEADERS,
    ])
  })

  it('pays 3 of 4 lines: the payroll shows Abonados 3, their sum and Progreso 75, and why the 4th is pending', async () => {
    const rows = [
      row(0, 1500, '7001', 'c1.pdf'),
      row(1, 2300, '7002', 'c2.pdf'),
      row(2, 980.25, '7003', 'c1.pdf'),
      row(3, 1200, '7004'),
    ]
    const response = await upload(validForm(), await excel(rows), [
      { name: 'c2.pdf', content: await receiptPdf('dos', 1) },
      { name: 'c1.pdf', content: await receiptPdf('uno', 2) },
      { name: `${fixtureDni(3)}.pdf`, content: await receiptPdf('tres', 1) },
    ])
    const id = response.body.payload.id
    await run(id)

    const detail = await t.call('rrhh', { method: 'GET', url: `/api/v1/payroll/${payroll.id}` })
    expect(detail.body.payload).toMatchObject({ paid: 3, totalPaid: 3680.25, progress: 75 })
    const batch = await t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}` })
    expect(batch.body.payload).toMatchObject({
      status: 4,
      matchedCount: 3,
      mismatchedCount: 1,
      issueCount: 1,
    })

    const lines = await t.call('rrhh', {
      method: 'POST',
      url: `/api/v1/payroll/${payroll.id}/lines`,
      payload: {},
    })
    const lineIds = lines.body.payload.content.map((l: { id: number }) => l.id)
    const status = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-batches/line-status?payrollId=${payroll.id}&${lineIds.map((i: number) => `lineIds=${i}`).join('&')}`,
    })
    expect(status.status).toBe(200)
    const [first, second] = status.body.payload
    expect(first).toMatchObject({
      paid: true,
      paymentDate: TODAY,
      operationNumber: '7001',
      amountPaid: 1500,
      receiptName: 'c1.pdf',
    })
    expect(second).toMatchObject({
      paid: false,
      receiptUrl: null,
      pendingReason: `El monto abonado (S/ 2,300.00) no coincide con el de la planilla (S/ 2,300.50) (carga de abonos #${id})`,
    })
    const receipt = await t.call('lector', { method: 'GET', url: first.receiptUrl })
    expect(receipt.status).toBe(200)
    expect((await PDFDocument.load(receipt.body)).getPageCount()).toBe(2)

    // The merged receipts: one stamped page per receipt page, in the order of the Excel.
    const merged = await t.call('lector', { method: 'GET', url: `/api/v1/payment-batches/${id}/receipts` })
    expect(merged.status).toBe(200)
    const texts = await pdfPageTexts(merged.body)
    expect(texts.map((p) => p.split('\n')[1])).toEqual([
      `Planilla ${payroll.code} · Doc. ${fixtureDni(0)}, ${fixtureDni(2)} · Op. 7001, 7003 · c1.pdf · hoja 1/2`,
      `Planilla ${payroll.code} · Doc. ${fixtureDni(0)}, ${fixtureDni(2)} · Op. 7001, 7003 · c1.pdf · hoja 2/2`,
      `Planilla ${payroll.code} · Doc. ${fixtureDni(1)} · Op. 7002 · c2.pdf · hoja 1/1`,
      `Planilla ${payroll.code} · Doc. ${fixtureDni(3)} · Op. 7004 · ${fixtureDni(3)}.pdf · hoja 1/1`,
    ])

    const errors = await t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/errors/xlsx` })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(errors.body)
    expect((workbook.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([
      'OBSERVACIÓN',
      3,
      'Monto abonado (S/)',
      '2300.00',
      'El monto abonado (S/ 2,300.00) no coincide con el de la planilla (S/ 2,300.50)',
    ])
  })

  it('answers 404 for the receipts of a batch without receipts', async () => {
    const response = await upload(validForm(), await excel([row(5, 1, '1')]))
    const merged = await t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-batches/${response.body.payload.id}/receipts`,
    })
    expect(merged.status).toBe(404)
    expect(merged.body.messages).toEqual(['Esta carga de abonos no tiene constancias'])
  })

  it('lists the newest first, searches by uploader and filters by status and upload date', async () => {
    const list = async (body: object, query = '') =>
      (await t.call('rrhh', { method: 'POST', url: `/api/v1/payment-batches/list${query}`, payload: body }))
        .body
    const all = await list({})
    const ids = all.payload.content.map((b: { id: number }) => b.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(all.payload.content[0]).toMatchObject({
      createdBy: 'rrhh@planillas.pe',
      file: { name: 'abonos.xlsx' },
    })
    expect((await list({ search: 'rrhh' })).payload.totalElements).toBe(all.payload.totalElements)
    expect((await list({ search: 'nadie' })).payload.totalElements).toBe(0)
    expect((await list({ status: 4 })).payload.content.every((b: { status: number }) => b.status === 4)).toBe(
      true,
    )
    expect((await list({ createdAt: { from: TODAY, to: TODAY } })).payload.totalElements).toBe(
      all.payload.totalElements,
    )
    const yesterday = dayjs(TODAY).subtract(1, 'day').format('YYYY-MM-DD')
    expect((await list({ createdAt: { to: yesterday } })).payload.totalElements).toBe(0)
    expect((await list({ createdAt: { from: TODAY, to: yesterday } })).messages).toEqual([
      'La fecha inicial no puede ser mayor a la final',
    ])
    expect((await list({}, '?sort=fileName,asc')).messages[0]).toContain("No se puede ordenar por 'fileName'")
  })
})
