import multipart, { type MultipartFile } from '@fastify/multipart'
import type { Executor, Transaction } from '@planillas/db'
import { FILE_MESSAGES, MESSAGES, XLSX_MIME } from '@planillas/domain'
import type { XlsxPackage } from '@planillas/formats/xlsx-package'
import { FileNotFoundError, type FileStorage } from '@planillas/storage'
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { CreatedSchema, ok } from '../lib/envelope'
import { notFound, refuseNulName } from '../lib/errors'
import { sendAttachment } from '../lib/xlsx'

/**
 * The upload side of the batch pipeline (docs/architecture.md), one for payrolls and payments: the form is
 * received (text fields, one Excel in memory, what else the kind takes as it streams), checked
 * at once (fields, the Excel's extension, size, content and header row, the kind's own rules),
 * then the Excel is stored and the batch recorded PENDIENTE with its audit in one transaction,
 * and its job enqueued; while the queue is down the batch stays PENDIENTE for a worker's sweep.
 * Every problem is answered at once, in Spanish, and a refused upload leaves nothing stored.
 */

/** The Excel of an upload, kept in memory (at most 20 MB). */
export type ExcelPart = { name: string; content: Buffer; truncated: boolean }

/** What a multipart form brought: its text fields and its Excel. */
export type ReceivedForm = {
  fields: Record<string, string>
  excel?: ExcelPart
  /** Excel parts after the first (refused: one file per upload). */
  extraExcels: number
  /** Problems met while receiving (a limit of the form passed). */
  messages: string[]
}

export type FormOptions = {
  /** Limits of the multipart parser: bytes of one file, how many files. */
  limits: { fileSize: number; files: number }
  /** Whether a file part is the Excel (the payroll form takes any; the payments form its `file`). */
  isExcel: (fieldname: string) => boolean
  /** Any other file part, read (or drained) by the kind as it streams: the payments' receipts. */
  otherFile?: (part: MultipartFile) => Promise<void>
  /**
   * The clerk's message for a limit of the form passed (the parser's error code: too many files,
   * parts or fields); the rest of the body is then not read. Without one, the error is thrown.
   */
  limitMessage?: (code: string) => string | undefined
}

/**
 * Reads the form as it streams: text fields, the first Excel part in memory with whether it was
 * cut at the size limit, the other file parts handed to the kind or drained. Empty file parts (a
 * file input left empty) are ignored. A body that is not multipart gives its fields only.
 */
export async function receiveForm(req: FastifyRequest, options: FormOptions): Promise<ReceivedForm> {
  const received: ReceivedForm = { fields: {}, extraExcels: 0, messages: [] }
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' ? req.body : {}
    for (const [k, v] of Object.entries(body)) received.fields[k] = v == null ? '' : String(v)
    return received
  }
  const parts = req.parts({ limits: { ...options.limits, fields: 20, fieldSize: 10_000 } })
  try {
    for await (const part of parts) {
      refuseNulName(part)
      if (part.type === 'field') received.fields[part.fieldname] = String(part.value ?? '')
      else if (options.isExcel(part.fieldname)) {
        const content = await collect(part)
        if (!part.filename && content.length === 0) continue
        if (received.excel) received.extraExcels++
        else received.excel = { name: part.filename, content, truncated: part.file.truncated }
      } else if (options.otherFile) await options.otherFile(part)
      else part.file.resume()
    }
  } catch (error) {
    const message = options.limitMessage?.(String((error as { code?: unknown }).code))
    if (!message) throw error
    received.messages.push(message)
  }
  return received
}

/** What a form of text fields and one Excel brought; it stores nothing while received. */
export type ExcelForm = ReceivedForm & { stored: string[] }

/**
 * The `receive` of a kind whose form is text fields and one Excel of at most `maxFileBytes`
 * (payroll, vouchers), and `excelCheck` its Excel's check: only the header row is read here, by
 * `header`; the worker inflates and counts every part.
 */
export const receiveExcelForm =
  (maxFileBytes: number) =>
  async (req: FastifyRequest): Promise<ExcelForm> => ({
    ...(await receiveForm(req, { limits: { fileSize: maxFileBytes, files: 3 }, isExcel: () => true })),
    stored: [],
  })

export const excelCheck = (messages: ExcelMessages, header: (cells: string[]) => string[]): ExcelCheck => ({
  messages,
  countRows: false,
  header: (cells) => header(cells),
})

async function collect(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A kind's words about its Excel ('El archivo es requerido', 'El archivo de abonos…'). */
export type ExcelMessages = { file: string; oneFile: string; fileExtension: string; fileSize: string }

export type ExcelCheck = {
  messages: ExcelMessages
  /**
   * Whether to count the sheet's rows on opening (a check that needs data rows); without, the
   * package is only opened and its first row read.
   */
  countRows: boolean
  /** The kind's problems with the header row (row 1), before they are placed in their sheet. */
  header: (cells: string[], pkg: XlsxPackage) => string[]
}

/**
 * The problems of the upload's Excel, all at once: missing, more than one, its extension, its
 * size, then its content (a real .xlsx, see `openXlsx`; the first row, which must be the header,
 * checked by the kind). In a workbook of several sheets, the messages name the sheet read.
 */
export async function excelProblems(form: ReceivedForm, check: ExcelCheck): Promise<string[]> {
  const M = check.messages
  const { excel } = form
  if (!excel) return [M.file]
  const messages: string[] = []
  if (form.extraExcels) messages.push(M.oneFile)
  if (!/\.xlsx$/i.test(excel.name)) messages.push(M.fileExtension)
  if (excel.truncated) messages.push(M.fileSize)
  else if (excel.content.length === 0) messages.push(FILE_MESSAGES.notXlsx)
  else messages.push(...(await contentProblems(excel.content, check)))
  return messages
}

async function contentProblems(content: Buffer, check: ExcelCheck): Promise<string[]> {
  // The reader and its XML parser load with the first upload, not with the API (lazy-load.test.ts).
  const { openXlsx, readFirstRowAt, XlsxFileError } = await import('@planillas/formats/xlsx-package')
  try {
    // The worker inflates and counts every part as it reads; here the header row is what matters.
    const pkg = await openXlsx(content, { countRows: check.countRows })
    const first = await readFirstRowAt(pkg)
    const inSheet = (message: string) =>
      pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
    if (!first) return [inSheet(FILE_MESSAGES.empty)]
    if (first.number !== 1) return [inSheet(FILE_MESSAGES.headerRowAt(first.number))]
    return check.header(first.cells, pkg).map(inSheet)
  } catch (error) {
    if (error instanceof XlsxFileError) return [error.message]
    throw error
  }
}

/** The messages of a zod check of the form's fields, each once. */
export const fieldMessages = (result: z.ZodSafeParseResult<unknown>): string[] =>
  result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))]

/**
 * A text-fields-and-one-Excel form checked whole: the fields by `schema`, the Excel by `check`;
 * every problem of both, each once, or the parsed fields and the Excel.
 */
export async function checkExcelForm<S extends z.ZodType>(
  received: ReceivedForm,
  schema: S,
  check: ExcelCheck,
): Promise<{ ok: true; fields: z.infer<S>; excel: ExcelPart } | { ok: false; messages: string[] }> {
  const parsed = schema.safeParse(received.fields)
  const messages = [...fieldMessages(parsed), ...(await excelProblems(received, check))]
  if (messages.length || !parsed.success || !received.excel) return { ok: false, messages }
  return { ok: true, fields: parsed.data, excel: received.excel }
}

/** The stored Excel, as the batch's row records it. */
export type StoredExcel = { key: string; name: string; size: number }

/**
 * One kind of upload plugged into the pipeline: how its form is received (`R`: what it brought,
 * with the keys of what it already stored), checked into what is recorded (`U`), and recorded.
 */
export type BatchUpload<R extends { stored: string[] }, U> = {
  /** The job that processes a batch of this kind. */
  job: 'payroll-import' | 'payment-import' | 'voucher-import' | 'constancia-import' | 'padron-load'
  /** How the logs name a batch: 'la carga', 'la carga de abonos'. */
  theBatch: string
  /** The toast of an accepted upload whose job was enqueued. */
  accepted: string
  /** The stored file's media type; default the Excel's. */
  contentType?: string
  receive: (req: FastifyRequest, storage: FileStorage) => Promise<R>
  /**
   * Every problem, or what to record; may read the database (the payroll exists, a code is free).
   * The file is an Excel in memory, stored here, or one the kind already streamed to storage while
   * it was received (a padrón of hundreds of MB), then recorded as it is.
   */
  check: (
    db: Executor,
    received: R,
  ) => Promise<{ ok: true; upload: U; excel: ExcelPart | StoredExcel } | { ok: false; messages: string[] }>
  /** Inserts the batch PENDIENTE (and what belongs to it) with its audit; returns its id. */
  record: (tx: Transaction, upload: U, excel: StoredExcel, actor: string) => Promise<number>
  /** The clerk's message for a database refusal met while recording (a code taken meanwhile). */
  refusal?: (error: unknown) => string | undefined
}

export type BatchUploadRoute<R extends { stored: string[] }, U> = {
  kind: BatchUpload<R, U>
  permission: FastifyContextConfig['permission']
  tags: string[]
  description: string
  /** The 400 answer's schema (every problem in the envelope and in payload.messages). */
  refusedSchema: z.ZodType
}

/** `POST /` of a batch module: the upload form (multipart), received, checked, recorded, enqueued. */
export function batchUploadRoute<R extends { stored: string[] }, U>(route: BatchUploadRoute<R, U>) {
  const { kind } = route
  return async function uploadRoute(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    if (!app.hasPlugin('@fastify/multipart')) await app.register(multipart, { throwFileSizeLimit: false })

    app.post('/', {
      config: { permission: route.permission },
      schema: {
        tags: route.tags,
        description: route.description,
        consumes: ['multipart/form-data'],
        response: { 200: CreatedSchema, 400: route.refusedSchema },
      },
      handler: async (req, reply) => {
        const refuse = (messages: string[]) =>
          reply.code(400).send({ status: 'ERROR', payload: { messages }, messages })
        const received = await kind.receive(req, app.storage)
        const stored = [...received.stored]
        const discard = () => Promise.all(stored.map((key) => app.storage.delete(key)))
        let batchId: number
        try {
          const check = await kind.check(app.db, received)
          if (!check.ok) {
            await discard()
            return refuse(check.messages)
          }
          const { excel } = check
          let file: StoredExcel
          if ('key' in excel) file = excel
          else {
            const key = await app.storage.put(excel.content, {
              name: excel.name,
              contentType: kind.contentType ?? XLSX_MIME,
            })
            stored.push(key)
            file = { key, name: excel.name, size: excel.content.length }
          }
          batchId = await app.db.transaction((tx) => kind.record(tx, check.upload, file, req.user.email))
        } catch (error) {
          await discard()
          const refusal = kind.refusal?.(error)
          if (refusal) return refuse([refusal])
          throw error
        }
        let queued = false
        try {
          if (app.jobs) {
            await app.jobs.enqueue(kind.job, { batchId })
            queued = true
          } else
            req.log.warn(
              { batchId },
              `Sin cola de trabajos: ${kind.theBatch} queda PENDIENTE hasta que un worker la tome`,
            )
        } catch (error) {
          // The batch is recorded PENDIENTE: a worker's sweep enqueues it when the queue is back.
          req.log.error({ batchId, err: error }, `No se pudo encolar ${kind.theBatch}`)
        }
        // Not queued: say so, the clerk should not expect it to run now.
        return ok({ id: batchId }, [queued ? kind.accepted : MESSAGES.uploadQueued])
      },
    })
  }
}

/** What a batch's download says when its stored file is gone (a storage emptied by hand). */
export const STORED_FILE_GONE = 'El archivo de esta carga ya no está disponible'

/**
 * A stored file (a batch's Excel, a receipt, a payment file, a CV) as a download with its original
 * name; gone from the storage, a 404 saying `gone` (by default `STORED_FILE_GONE`).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { key: string; name: string; contentType: string },
  gone = STORED_FILE_GONE,
) {
  try {
    return sendAttachment(reply, file.name, file.contentType, await storage.get(file.key))
  } catch (error) {
    if (error instanceof FileNotFoundError) throw notFound(gone)
    throw error
  }
}
