import { VOUCHER_MESSAGES as M } from '@planillas/domain'
import type { FastifyRequest } from 'fastify'

/** 10 MB per PDF (the upload limits of docs/domain.md), and per XML. */
export const VOUCHER_FILE_MAX_BYTES = 10 * 1024 * 1024
/** A voucher or an evidence PDF of more pages than this is not a voucher. */
const MAX_PAGES = 200

export type UploadedFile = { name: string; contentType: string; content: Buffer }
export type VoucherForm = {
  fields: Record<string, string>
  files: Partial<Record<string, UploadedFile>>
  problems: string[]
}

type Kind = 'pdf' | 'xml'

/** pdf-lib is loaded on the first PDF, not with the app: it weighs on every API process at rest. */
async function inspectPdf(content: Buffer) {
  const { inspectReceiptPdf } = await import('@planillas/formats/receipt-pdf')
  return inspectReceiptPdf(content, MAX_PAGES)
}

/**
 * A voucher form as multipart: text fields and the named file parts (`pdf`, `xml`, the
 * cancellation's `file`), each at most 10 MB, kept in memory. A PDF is parsed (not recognised by
 * its first bytes) like the payment receipts; an XML must look like one. Every problem is
 * returned with the fields' problems so that nothing is stored. A JSON body gives its fields only.
 */
export async function readVoucherForm(
  req: FastifyRequest,
  kinds: Record<string, Kind>,
): Promise<VoucherForm> {
  const form: VoucherForm = { fields: {}, files: {}, problems: [] }
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {}
    for (const [k, value] of Object.entries(body)) form.fields[k] = value == null ? '' : String(value)
    return form
  }
  const truncated = new Set<string>()
  const parts = req.parts({
    limits: { fileSize: VOUCHER_FILE_MAX_BYTES, files: 4, fields: 30, fieldSize: 10_000 },
  })
  for await (const part of parts) {
    if (part.type === 'field') {
      form.fields[part.fieldname] = String(part.value ?? '')
      continue
    }
    const chunks: Buffer[] = []
    for await (const chunk of part.file) chunks.push(chunk as Buffer)
    const content = Buffer.concat(chunks)
    // A browser sends an empty, nameless part for a file input left empty.
    if ((!part.filename && content.length === 0) || !kinds[part.fieldname] || form.files[part.fieldname])
      continue
    if (part.file.truncated) truncated.add(part.fieldname)
    form.files[part.fieldname] = { name: part.filename ?? '', contentType: '', content }
  }
  for (const [field, kind] of Object.entries(kinds)) {
    const file = form.files[field]
    if (!file) continue
    if (truncated.has(field)) form.problems.push(M.fileSize)
    else if (kind === 'pdf') {
      file.contentType = 'application/pdf'
      if (!/\.pdf$/i.test(file.name)) form.problems.push(M.pdfType)
      else if (!(await inspectPdf(file.content)).ok) form.problems.push(M.pdfUnreadable)
    } else {
      file.contentType = 'application/xml'
      const head = file.content
        .subarray(0, 200)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()
      if (!/\.xml$/i.test(file.name) || !head.startsWith('<')) form.problems.push(M.xmlType)
    }
  }
  return form
}
