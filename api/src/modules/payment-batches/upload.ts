import type { Executor } from '@planillas/db'
import { openXlsx, readFirstRowAt, XlsxFileError } from '@planillas/db/xlsx-package'
import {
  bankResultMapper,
  FILE_MESSAGES,
  PAYMENT_UPLOAD_MESSAGES as M,
  type PaymentBatchFields,
  PaymentBatchFieldsSchema,
  paymentHeaderProblems,
  receiptKey,
} from '@planillas/domain'
import { findPayrollForPayments } from './queries'
import type { ExcelPart, Received, StoredReceipt } from './receive'

export type CheckedUpload =
  | {
      ok: true
      fields: PaymentBatchFields
      payroll: { id: number; code: string }
      excel: ExcelPart
      receipts: (StoredReceipt & { matchKey: string })[]
    }
  | { ok: false; messages: string[] }

/**
 * Everything that can be checked without reading every row, all at once (SPEC §5, DESIGN §6):
 * the fields, the payroll (it exists and is VIGENTE), the Excel (extension, size, a real .xlsx,
 * the template's header row) and the receipts (type, content, size, no repeated names).
 */
export async function checkUpload(db: Executor, received: Received): Promise<CheckedUpload> {
  const messages = [...received.messages]
  // Empty fields count as not sent (SPEC §5: null fields are dropped).
  const fields = Object.fromEntries(Object.entries(received.fields).filter(([, v]) => v.trim() !== ''))
  const parsed = PaymentBatchFieldsSchema.safeParse(fields)
  if (!parsed.success) messages.push(...new Set(parsed.error.issues.map((i) => i.message)))

  let payroll: { id: number; code: string } | null = null
  const number = PaymentBatchFieldsSchema.shape.payrollNumber.safeParse(fields.payrollNumber)
  if (number.success) {
    const found = await findPayrollForPayments(db, number.data)
    if ('problem' in found) messages.push(found.problem)
    else payroll = found
  }

  const { excel } = received
  if (!excel) messages.push(M.file)
  else {
    if (received.extraExcels) messages.push(M.oneFile)
    if (!/\.xlsx$/i.test(excel.name)) messages.push(M.fileExtension)
    if (excel.truncated) messages.push(M.fileSize)
    else if (excel.content.length === 0) messages.push(FILE_MESSAGES.notXlsx)
    else messages.push(...(await excelProblems(excel.content)))
  }

  const seen = new Set<string>()
  const receipts = received.receipts.map((r) => ({ ...r, matchKey: receiptKey(r.name) }))
  for (const r of receipts) {
    if (seen.has(r.matchKey)) messages.push(M.receiptRepeated(r.name))
    seen.add(r.matchKey)
  }
  if (messages.length || !parsed.success || !payroll || !excel) return { ok: false, messages }
  return { ok: true, fields: parsed.data, payroll, excel, receipts }
}

async function excelProblems(content: Buffer): Promise<string[]> {
  try {
    const pkg = await openXlsx(content)
    const first = await readFirstRowAt(pkg)
    const inSheet = (message: string) =>
      pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
    if (!first) return [inSheet(FILE_MESSAGES.empty)]
    if (first.number !== 1) return [inSheet(FILE_MESSAGES.headerRowAt(first.number))]
    // Issue 14: the bank's result report is accepted as it comes (the worker maps its columns).
    const problems = bankResultMapper(first.cells) ? [] : paymentHeaderProblems(first.cells)
    if (!problems.length && pkg.rowElements < 2) return [inSheet(FILE_MESSAGES.noDataRows)]
    return problems.map(inSheet)
  } catch (error) {
    if (error instanceof XlsxFileError) return [error.message]
    throw error
  }
}
