import { expenseLines } from '@planillas/db'
import {
  CPE_ZIP_LIMITS,
  idNumber,
  CPE_ZIP_MESSAGES as M,
  RECORD_STATUS,
  VOUCHER_MESSAGES,
  VOUCHER_UPLOAD_MESSAGES,
} from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { type BatchUpload, type ExcelForm, fieldMessages, receiveExcelForm } from '../../uploads/batch-upload'
import { payingCompany, recordVoucherBatch } from './upload'

const FieldsSchema = z.object({
  companyId: idNumber(VOUCHER_MESSAGES.companyRequired),
  expenseLineId: idNumber(M.expenseLineRequired),
})

type ZipUpload = { companyId: number; companyName: string; expenseLineId: number }

/**
 * 'Carga de comprobantes' from the suppliers' XMLs: the paying company, the expense line the
 * vouchers are charged to and one .zip of XMLs (with their PDFs, matched by name), of at most
 * 100 MB. Here only the ZIP's directory is read (a real ZIP, with an XML, within the entry
 * limits); the same 'voucher-import' job reads, validates and registers every voucher, all or
 * nothing (docs/decisions/cpe-xml.md). The pipeline's `ExcelForm` carries the ZIP as its file.
 */
export const VOUCHER_ZIP_UPLOAD: BatchUpload<ExcelForm, ZipUpload> = {
  job: 'voucher-import',
  theBatch: 'la carga de comprobantes',
  accepted: M.accepted,
  contentType: 'application/zip',
  receive: receiveExcelForm(CPE_ZIP_LIMITS.maxFileBytes),
  async check(db, received) {
    const parsed = FieldsSchema.safeParse(received.fields)
    const messages = [...fieldMessages(parsed), ...received.messages, ...(await zipProblems(received))]
    if (messages.length || !parsed.success || !received.excel) return { ok: false, messages }
    const company = await payingCompany(db, parsed.data.companyId)
    const [line] = await db
      .select({ id: expenseLines.id, status: expenseLines.status })
      .from(expenseLines)
      .where(eq(expenseLines.id, parsed.data.expenseLineId))
    const refused = [
      ...(company ? [] : [VOUCHER_UPLOAD_MESSAGES.companyInvalid]),
      ...(line?.status === RECORD_STATUS.ACTIVE ? [] : [M.expenseLineInvalid]),
    ]
    if (refused.length || !company) return { ok: false, messages: refused }
    return {
      ok: true,
      upload: { companyId: company.id, companyName: company.name, expenseLineId: parsed.data.expenseLineId },
      excel: received.excel,
    }
  },
  record: (tx, upload, file, actor) =>
    recordVoucherBatch(
      tx,
      { companyId: upload.companyId, format: 'zip', expenseLineId: upload.expenseLineId },
      file,
      'el ZIP de comprobantes electrónicos',
      upload.companyName,
      actor,
    ),
}

/** The ZIP: one, a .zip, within its size, a real ZIP with an XML and within the entry limits. */
async function zipProblems(form: ExcelForm): Promise<string[]> {
  const zip = form.excel
  if (!zip) return [M.file]
  const messages: string[] = []
  if (form.extraExcels) messages.push(M.oneFile)
  if (!/\.zip$/i.test(zip.name)) messages.push(M.extension)
  if (zip.truncated) return [...messages, M.fileSize]
  if (messages.length) return messages
  const { cpeZipEntries, CpeZipError } = await import('@planillas/formats/cpe-zip')
  try {
    const entries = cpeZipEntries(zip.content)
    if (!entries.some((e) => /\.xml$/i.test(e.name))) return [M.noXml]
  } catch (error) {
    if (error instanceof CpeZipError) return [error.message]
    throw error
  }
  return []
}
