import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '@planillas/db'
import { FILE_MESSAGES, type JobQueue, MESSAGES, XLSX_MIME } from '@planillas/domain'
import { createLocalStorage, type FileStorage, readAll } from '@planillas/storage'
import { producedWorkbook } from '@planillas/testing/xlsx-producers'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  type BatchUpload,
  batchUploadRoute,
  type ExcelCheck,
  excelProblems,
  type ReceivedForm,
  receiveForm,
  STORED_FILE_GONE,
  sendStoredFile,
} from './batch-upload'

/**
 * The upload side of the batch pipeline on its own, with a stand-in kind: the Excel checks every
 * kind shares, and the route's steps (refuse and discard, store, record, enqueue or leave queued).
 * The payroll and payment modules' tests cover each kind with the whole API.
 */
const WORDS = {
  file: 'Falta el archivo',
  oneFile: 'Un solo archivo',
  fileExtension: 'Debe ser .xlsx',
  fileSize: 'Demasiado grande',
}
const check = (header: ExcelCheck['header'] = () => []): ExcelCheck => ({
  messages: WORDS,
  countRows: true,
  header,
})
const form = (excel?: Partial<NonNullable<ReceivedForm['excel']>>, extraExcels = 0): ReceivedForm => ({
  fields: {},
  messages: [],
  extraExcels,
  excel: excel && { name: 'carga.xlsx', content: Buffer.alloc(0), truncated: false, ...excel },
})
const workbook = (...sheets: (string | number)[][][]) =>
  producedWorkbook(sheets.map((rows, i) => ({ name: `Hoja${i + 1}`, rows })))

describe('the Excel checks every kind of upload shares', () => {
  it('asks for the file, one file only, the .xlsx extension, a size under the limit', async () => {
    expect(await excelProblems(form(), check())).toEqual([WORDS.file])
    const valid = workbook([['A'], [1]])
    expect(await excelProblems(form({ name: 'carga.xls', content: valid }, 1), check())).toEqual([
      WORDS.oneFile,
      WORDS.fileExtension,
    ])
    expect(await excelProblems(form({ content: valid.subarray(0, 100), truncated: true }), check())).toEqual([
      WORDS.fileSize,
    ])
    expect(await excelProblems(form({ content: Buffer.alloc(0) }), check())).toEqual([FILE_MESSAGES.notXlsx])
  })

  it("gives the reader's message for what is not a workbook, and the kind's for the header row", async () => {
    expect(await excelProblems(form({ content: Buffer.from('no soy un zip') }), check())).toEqual([
      FILE_MESSAGES.notXlsx,
    ])
    const seen: string[][] = []
    const header: ExcelCheck['header'] = (cells, pkg) => {
      seen.push(cells)
      return pkg.rowElements < 2 ? ['Sin filas'] : []
    }
    expect(
      await excelProblems(
        form({
          content: workbook([
            ['Código', 'Monto'],
            [1, 2],
          ]),
        }),
        check(header),
      ),
    ).toEqual([])
    expect(seen).toEqual([['Código', 'Monto']])
    expect(await excelProblems(form({ content: workbook([['Código']]) }), check(header))).toEqual([
      'Sin filas',
    ])
  })

  it('names the sheet read in a workbook of several, and a blank first row or an empty sheet', async () => {
    // A second sheet without data (data in two sheets is refused: formats' xlsx-real-files.test.ts).
    const two = workbook([['Código']], [])
    expect(
      await excelProblems(
        form({ content: two }),
        check(() => ['Encabezado errado']),
      ),
    ).toEqual([FILE_MESSAGES.inSheet('Hoja1', 'Encabezado errado')])
    const blankFirst = producedWorkbook([{ name: 'Hoja1', rows: [['Código']], blankRowsBefore: 2 }])
    expect(await excelProblems(form({ content: blankFirst }), check())).toEqual([
      FILE_MESSAGES.headerRowAt(3),
    ])
    expect(await excelProblems(form({ content: workbook([]) }), check())).toEqual([FILE_MESSAGES.empty])
  })
})

/** A stand-in kind: its fields are `name`; `refuse` refuses, `conflict` fails as a taken code would. */
type Received = ReceivedForm & { stored: string[] }
const recorded: { name: string; excel: { key: string; name: string; size: number }; actor: string }[] = []
const STAND_IN: BatchUpload<Received, { name: string }> = {
  job: 'payroll-import',
  theBatch: 'la carga de prueba',
  accepted: 'Carga aceptada',
  async receive(req, storage) {
    const stored: string[] = []
    const received = await receiveForm(req, {
      limits: { fileSize: 1024 * 1024, files: 5 },
      isExcel: (fieldname) => fieldname === 'file',
      otherFile: async (part) => {
        stored.push(await storage.put(part.file, { name: part.filename, contentType: 'application/pdf' }))
      },
    })
    return { ...received, stored }
  },
  async check(_db, received) {
    const messages = await excelProblems(received, check())
    if (received.fields.name === 'refuse') messages.push('Rechazada')
    if (messages.length || !received.excel) return { ok: false, messages }
    return { ok: true, upload: { name: received.fields.name }, excel: received.excel }
  },
  async record(_tx, upload, excel, actor) {
    if (upload.name === 'conflict') throw Object.assign(new Error('duplicado'), { code: '23505' })
    if (upload.name === 'broken') throw new Error('la base de datos se cayó')
    recorded.push({ name: upload.name, excel, actor })
    return recorded.length
  },
  refusal: (error) => ((error as { code?: string }).code === '23505' ? 'Código tomado' : undefined),
}

let dir: string
let storage: FileStorage
let app: FastifyInstance
const enqueued: unknown[] = []
let queue: JobQueue | null = null
const workingQueue: JobQueue = {
  kind: 'in-process',
  enqueue: async (name, payload) => {
    enqueued.push({ name, payload })
  },
  state: async () => 'missing',
  forget: async () => {},
  close: async () => {},
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-batch-upload-'))
  storage = createLocalStorage(dir)
  app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const fakeDb = { transaction: (work: (tx: unknown) => unknown) => work({}) } as unknown as Database
  app.decorate('db', fakeDb)
  app.decorate('storage', storage)
  app.decorate('jobs', {
    getter: () => queue,
  })
  app.decorateRequest('user', {
    getter: () => ({ id: 1, email: 'rrhh@planillas.pe', name: 'RRHH', roles: [], sessionId: 1 }),
  })
  await app.register(
    batchUploadRoute({
      kind: STAND_IN,
      permission: 'planillas_carga',
      tags: ['prueba'],
      description: 'Una carga de prueba.',
      refusedSchema: z.object({
        status: z.literal('ERROR'),
        payload: z.object({ messages: z.array(z.string()) }),
        messages: z.array(z.string()),
      }),
    }),
  )
  app.get('/stored/:key', (req, reply) =>
    sendStoredFile(reply, storage, {
      key: (req.params as { key: string }).key,
      name: 'Planilla de Año.xlsx',
      contentType: XLSX_MIME,
    }),
  )
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await rm(dir, { recursive: true, force: true })
})

async function post(name: string, receipts = 1) {
  const data = new FormData()
  data.append('name', name)
  data.append('file', new Blob([new Uint8Array(workbook([['A'], [1]]))]), 'carga.xlsx')
  for (let i = 0; i < receipts; i++) data.append('records', new Blob(['%PDF-1.4']), `c${i}.pdf`)
  const encoded = new Response(data)
  const res = await app.inject({
    method: 'POST',
    url: '/',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  })
  return { status: res.statusCode, body: res.json() }
}
const storedFiles = async () =>
  (await readdir(dir, { recursive: true })).filter((f) => /\.(pdf|xlsx)$/.test(f))

describe('POST / of a batch module', () => {
  it('records the batch with its stored Excel and who uploaded it, enqueues its job, says so', async () => {
    queue = workingQueue
    const res = await post('Noviembre')
    expect(res).toEqual({
      status: 200,
      body: { status: 'OK', payload: { id: 1 }, messages: ['Carga aceptada'] },
    })
    expect(enqueued).toEqual([{ name: 'payroll-import', payload: { batchId: 1 } }])
    const [batch] = recorded
    expect(batch).toMatchObject({
      name: 'Noviembre',
      actor: 'rrhh@planillas.pe',
      excel: { name: 'carga.xlsx' },
    })
    const stored = await readAll(await storage.get(batch.excel.key))
    expect(stored.length).toBe(batch.excel.size)
  })

  it('without a queue, or with one that fails, keeps the batch and says it waits for the queue', async () => {
    queue = null
    expect((await post('Sin cola')).body).toMatchObject({ status: 'OK', messages: [MESSAGES.uploadQueued] })
    queue = {
      ...workingQueue,
      enqueue: async () => {
        throw new Error('Redis caído')
      },
    }
    expect((await post('Cola caída')).body).toMatchObject({ status: 'OK', messages: [MESSAGES.uploadQueued] })
    expect(recorded.map((r) => r.name)).toEqual(['Noviembre', 'Sin cola', 'Cola caída'])
  })

  it('refuses with every message and deletes what the form stored; a refusal met recording too', async () => {
    queue = workingQueue
    const before = await storedFiles()
    // The accepted uploads' Excel files: 3 kept, with 1 receipt each.
    expect(before.filter((f) => f.endsWith('.xlsx'))).toHaveLength(3)
    expect(before.filter((f) => f.endsWith('.pdf'))).toHaveLength(3)
    expect(await post('refuse', 2)).toEqual({
      status: 400,
      body: { status: 'ERROR', payload: { messages: ['Rechazada'] }, messages: ['Rechazada'] },
    })
    expect((await post('conflict', 2)).body).toEqual({
      status: 'ERROR',
      payload: { messages: ['Código tomado'] },
      messages: ['Código tomado'],
    })
    expect(await storedFiles()).toEqual(before)
  })

  it('an unexpected failure while recording is an error, and leaves nothing stored either', async () => {
    const before = await storedFiles()
    expect((await post('broken', 1)).status).toBe(500)
    expect(await storedFiles()).toEqual(before)
    expect(recorded).toHaveLength(3)
  })
})

describe('a stored file as a download', () => {
  it('sends it with its name and type, and a 404 in Spanish once the storage lost it', async () => {
    const key = await storage.put(Buffer.from('contenido'), { name: 'x.xlsx', contentType: XLSX_MIME })
    const res = await app.inject({ method: 'GET', url: `/stored/${encodeURIComponent(key)}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(XLSX_MIME)
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Planilla%20de%20A%C3%B1o.xlsx")
    expect(res.body).toBe('contenido')
    await storage.delete(key)
    const gone = await app.inject({ method: 'GET', url: `/stored/${encodeURIComponent(key)}` })
    expect(gone.statusCode).toBe(404)
    // The API's error handler puts it in the envelope's messages; this bare app answers Fastify's way.
    expect(gone.json()).toMatchObject({ statusCode: 404, message: STORED_FILE_GONE })
  })
})
