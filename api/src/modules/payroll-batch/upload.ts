import { openXlsx, readFirstRowAt, XlsxFileError } from '@planillas/db/xlsx-package'
import {
  FILE_MESSAGES,
  headerProblems,
  PAYROLL_UPLOAD_MESSAGES as M,
  PAYROLL_LIMITS,
  type PayrollBatchFields,
  PayrollBatchFieldsSchema,
} from '@planillas/domain'
import type { FastifyRequest } from 'fastify'

export type UploadedFile = { name: string; contentType: string; content: Buffer }
export type UploadCheck =
  | { ok: true; fields: PayrollBatchFields; file: UploadedFile }
  | { ok: false; messages: string[] }

type Received = {
  fields: Record<string, string>
  file?: UploadedFile & { truncated: boolean }
  extraFiles: number
}

/**
 * Reads the multipart form (fields and one file of at most 20 MB, kept in memory) and checks at
 * once everything that does not need every row: the fields, the extension and the content of the
 * file (a real .xlsx, see `openXlsx`), its header row against the template. Every problem is
 * returned; nothing is stored here.
 */
export async function readUpload(req: FastifyRequest): Promise<UploadCheck> {
  const received = req.isMultipart() ? await receive(req) : { fields: bodyFields(req.body), extraFiles: 0 }
  const messages: string[] = []
  const parsed = PayrollBatchFieldsSchema.safeParse(received.fields)
  if (!parsed.success) messages.push(...new Set(parsed.error.issues.map((i) => i.message)))
  const { file } = received
  if (!file || (file.content.length === 0 && !file.name)) messages.push(M.file)
  else {
    if (received.extraFiles) messages.push(M.oneFile)
    if (!/\.xlsx$/i.test(file.name)) messages.push(M.fileExtension)
    if (file.truncated) messages.push(M.fileSize)
    else if (file.content.length === 0) messages.push(FILE_MESSAGES.notXlsx)
    else messages.push(...(await contentProblems(file.content)))
  }
  if (messages.length || !parsed.success || !file) return { ok: false, messages }
  return { ok: true, fields: parsed.data, file }
}

async function contentProblems(content: Buffer): Promise<string[]> {
  try {
    // The worker inflates and counts every part as it reads; here only the header row is read.
    const pkg = await openXlsx(content, { countRows: false })
    const first = await readFirstRowAt(pkg)
    const inSheet = (message: string) =>
      pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
    if (!first) return [inSheet(FILE_MESSAGES.empty)]
    const problems =
      first.number === 1 ? headerProblems(first.cells) : [FILE_MESSAGES.headerRowAt(first.number)]
    return problems.map(inSheet)
  } catch (error) {
    if (error instanceof XlsxFileError) return [error.message]
    throw error
  }
}

async function receive(req: FastifyRequest): Promise<Received> {
  const received: Received = { fields: {}, extraFiles: 0 }
  const parts = req.parts({
    limits: { fileSize: PAYROLL_LIMITS.maxFileBytes, files: 3, fields: 20, fieldSize: 10_000 },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      received.fields[part.fieldname] = String(part.value ?? '')
      continue
    }
    const chunks: Buffer[] = []
    for await (const chunk of part.file) chunks.push(chunk as Buffer)
    if (received.file) {
      received.extraFiles++
      continue
    }
    received.file = {
      name: part.filename ?? '',
      contentType: part.mimetype || 'application/octet-stream',
      content: Buffer.concat(chunks),
      truncated: part.file.truncated,
    }
  }
  return received
}

function bodyFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {}
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v == null ? '' : String(v)]))
}
