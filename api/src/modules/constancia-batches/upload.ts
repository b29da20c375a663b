import { constanciaBatches, recordAudit } from '@planillas/db'
import {
  CONSTANCIA_LIMITS,
  CONSTANCIA_MESSAGES,
  decodeConstancias,
  CONSTANCIA_UPLOAD_MESSAGES as M,
  readConstancias,
} from '@planillas/domain'
import type { FastifyRequest } from 'fastify'
import { type BatchUpload, type ExcelForm, receiveForm } from '../../uploads/batch-upload'

/** The bytes of the header looked at in the request: SOL's header is a few hundred. */
const HEADER_BYTES = 64 * 1024

/**
 * 'Importar constancias' in the batch pipeline (docs/decisions/detracciones-deposited.md): one
 * SUNAT file (.csv or .txt) of at most `CONSTANCIA_LIMITS.maxFileBytes` and `maxLines` lines.
 * Here only what answers at once is checked (the file, its size, its lines counted, its header's
 * columns); the 'constancia-import' job reads every row, matches and records them. The pipeline's
 * `ExcelForm` carries the CSV as its file.
 */
export const CONSTANCIA_UPLOAD: BatchUpload<ExcelForm, null> = {
  job: 'constancia-import',
  theBatch: 'la carga de constancias',
  accepted: M.accepted,
  contentType: 'text/csv',
  receive: async (req: FastifyRequest) => ({
    ...(await receiveForm(req, {
      limits: { fileSize: CONSTANCIA_LIMITS.maxFileBytes, files: 3 },
      isExcel: () => true,
      // A body cut short (a dropped connection) fails the parser: the file arrived incomplete.
      limitMessage: (code) => (code === 'FST_FILES_LIMIT' ? M.oneFile : M.incomplete),
    })),
    stored: [],
  }),
  async check(_db, received) {
    const messages = [...received.messages, ...(await csvProblems(received))]
    if (messages.length || !received.excel) return { ok: false, messages: [...new Set(messages)] }
    return { ok: true, upload: null, excel: received.excel }
  },
  async record(tx, _upload, file, actor) {
    const [batch] = await tx
      .insert(constanciaBatches)
      .values({ fileKey: file.key, fileName: file.name, fileSize: file.size, createdBy: actor })
      .returning({ id: constanciaBatches.id })
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'constancia_batches',
      entityId: batch.id,
      actor,
      description: `Cargó el archivo de constancias de SUNAT '${file.name}': carga #${batch.id}`,
    })
    return batch.id
  },
}

/** The lines of the file, counted on its bytes. */
function lineCount(bytes: Buffer): number {
  let n = 1
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) n++
  return n
}

/**
 * The file's problems that answer at once: missing, more than one, its extension or a binary
 * file, its size, its lines, its header's columns (the first non-empty line, read by the job's reader).
 */
async function csvProblems(form: ExcelForm): Promise<string[]> {
  const file = form.excel
  if (!file) return form.messages.length ? [] : [M.file]
  const messages: string[] = []
  if (form.extraExcels) messages.push(M.oneFile)
  if (file.truncated) return [...messages, M.fileSize]
  if (!/\.(csv|txt)$/i.test(file.name) || file.content.includes(0)) return [...messages, M.fileExtension]
  if (messages.length) return messages
  if (lineCount(file.content) > CONSTANCIA_LIMITS.maxLines) return [CONSTANCIA_MESSAGES.tooManyLines]
  const head = decodeConstancias(file.content.subarray(0, HEADER_BYTES))
  const headerEnd = head.search(/\S[^\n]*\n/)
  const header = headerEnd === -1 ? head : head.slice(0, head.indexOf('\n', headerEnd) + 1)
  const { problems } = await readConstancias(header)
  return problems.filter((p) => p.message !== CONSTANCIA_MESSAGES.empty).map((p) => p.message)
}
