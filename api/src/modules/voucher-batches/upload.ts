import { companies, type Executor, recordAudit, type Transaction, voucherBatches } from '@planillas/db'
import {
  idNumber,
  VOUCHER_UPLOAD_MESSAGES as M,
  VOUCHER_LIMITS,
  VOUCHER_MESSAGES,
  voucherHeaderProblems,
} from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import {
  type BatchUpload,
  checkExcelForm,
  type ExcelForm,
  excelCheck,
  receiveExcelForm,
  type StoredExcel,
} from '../../uploads/batch-upload'

const FieldsSchema = z.object({ companyId: idNumber(VOUCHER_MESSAGES.companyRequired) })

/**
 * 'Carga de comprobantes' in the batch pipeline: the paying company and one .xlsx of at
 * most 20 MB whose header row is the template's. The batch is processed by the 'voucher-import' job.
 */
export const VOUCHER_UPLOAD: BatchUpload<ExcelForm, { companyId: number; companyName: string }> = {
  job: 'voucher-import',
  theBatch: 'la carga de comprobantes',
  accepted: M.accepted,
  receive: receiveExcelForm(VOUCHER_LIMITS.maxFileBytes),
  async check(db, received) {
    const form = await checkExcelForm(received, FieldsSchema, excelCheck(M, voucherHeaderProblems))
    if (!form.ok) return form
    const company = await payingCompany(db, form.fields.companyId)
    if (!company) return { ok: false, messages: [M.companyInvalid] }
    return { ok: true, upload: { companyId: company.id, companyName: company.name }, excel: form.excel }
  },
  record: (tx, upload, excel, actor) =>
    recordVoucherBatch(
      tx,
      { companyId: upload.companyId },
      excel,
      `el archivo de comprobantes`,
      upload.companyName,
      actor,
    ),
}

/** The company an upload's vouchers are paid by, or undefined when the id names none. */
export async function payingCompany(db: Executor, id: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
  return company
}

/**
 * A 'Carga de comprobantes' batch, PENDIENTE, and its audit entry, in the upload's transaction:
 * from the template's Excel or (`format: 'zip'`, with the expense line its vouchers are charged to)
 * from a ZIP of the suppliers' XMLs.
 */
export async function recordVoucherBatch(
  tx: Transaction,
  batchOf: { companyId: number; format?: 'xlsx' | 'zip'; expenseLineId?: number },
  file: StoredExcel,
  what: string,
  companyName: string,
  actor: string,
) {
  const [batch] = await tx
    .insert(voucherBatches)
    .values({ ...batchOf, fileKey: file.key, fileName: file.name, fileSize: file.size, createdBy: actor })
    .returning({ id: voucherBatches.id })
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'voucher_batches',
    entityId: batch.id,
    actor,
    description: `Cargó ${what} '${file.name}' de ${companyName}: carga #${batch.id}`,
  })
  return batch.id
}
