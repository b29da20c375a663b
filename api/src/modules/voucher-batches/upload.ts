import { companies, recordAudit, voucherBatches } from '@planillas/db'
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
  type ExcelForm,
  excelCheck,
  excelProblems,
  fieldMessages,
  receiveExcelForm,
} from '../../lib/batch-upload'

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
    const parsed = FieldsSchema.safeParse(received.fields)
    const messages = [
      ...fieldMessages(parsed),
      ...(await excelProblems(received, excelCheck(M, voucherHeaderProblems))),
    ]
    if (messages.length || !parsed.success || !received.excel) return { ok: false, messages }
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, parsed.data.companyId))
    if (!company) return { ok: false, messages: [M.companyInvalid] }
    return { ok: true, upload: { companyId: company.id, companyName: company.name }, excel: received.excel }
  },
  async record(tx, upload, excel, actor) {
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        companyId: upload.companyId,
        fileKey: excel.key,
        fileName: excel.name,
        fileSize: excel.size,
        createdBy: actor,
      })
      .returning({ id: voucherBatches.id })
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'voucher_batches',
      entityId: batch.id,
      actor,
      description: `Cargó el archivo de comprobantes '${excel.name}' de ${upload.companyName}: carga #${batch.id}`,
    })
    return batch.id
  },
}
