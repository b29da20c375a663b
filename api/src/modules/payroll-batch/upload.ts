import { createHash } from 'node:crypto'
import { payrollBatches, recordAudit, violatedConstraint } from '@planillas/db'
import {
  headerProblems,
  PAYROLL_UPLOAD_MESSAGES as M,
  PAYROLL_LIMITS,
  type PayrollBatchFields,
  PayrollBatchFieldsSchema,
  payrollType,
} from '@planillas/domain'
import { sql } from 'drizzle-orm'
import {
  type BatchUpload,
  checkExcelForm,
  type ExcelForm,
  excelCheck,
  receiveExcelForm,
} from '../../uploads/batch-upload'
import { codeTaken, repeatedUpload } from './queries'

/** An identical workbook was recorded by someone else between the check and this transaction. */
class RepeatedUploadError extends Error {
  constructor(readonly repeats: { code: string; name: string }) {
    super('repeated payroll upload')
  }
}

/** What is recorded: the form's fields, the workbook's hash and the payroll it repeats (confirmed). */
type PayrollUpload = PayrollBatchFields & {
  contentSha256: string
  repeats: { code: string; name: string } | null
}

/**
 * 'Carga de planillas' in the batch pipeline: the fields (code, period, name, type) and one .xlsx
 * of at most 20 MB whose header row is the template's; the code must be free (no payroll and no
 * batch that may still become one has it). The batch is processed by the 'payroll-import' job.
 */
export const PAYROLL_UPLOAD: BatchUpload<ExcelForm, PayrollUpload> = {
  job: 'payroll-import',
  theBatch: 'la carga',
  accepted: M.accepted,
  receive: receiveExcelForm(PAYROLL_LIMITS.maxFileBytes),
  async check(db, received) {
    const form = await checkExcelForm(received, PayrollBatchFieldsSchema, excelCheck(M, headerProblems))
    if (!form.ok) return form
    if (await codeTaken(db, form.fields.code)) return { ok: false, messages: [M.codeTaken] }
    // The same bytes again for the same period and type: a second payroll only when confirmed.
    const contentSha256 = createHash('sha256').update(form.excel.content).digest('hex')
    const repeats = await repeatedUpload(db, { ...form.fields, contentSha256 })
    const confirmed = ['on', 'true'].includes(received.fields.confirmDuplicate ?? '')
    if (repeats && !confirmed) return { ok: false, messages: [M.duplicateFile(repeats.code, repeats.name)] }
    return { ok: true, upload: { ...form.fields, contentSha256, repeats }, excel: form.excel }
  },
  async record(tx, { repeats, ...fields }, excel, actor) {
    // Two clerks sending the same bytes at the same moment: the second waits for the first's
    // transaction, then finds its batch and is refused unless it confirmed a repeat.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`payroll-upload:${fields.period}:${fields.type}:${fields.contentSha256}`}, 0))`,
    )
    if (!repeats) {
      const meanwhile = await repeatedUpload(tx, fields)
      if (meanwhile) throw new RepeatedUploadError(meanwhile)
    }
    const [batch] = await tx
      .insert(payrollBatches)
      .values({ ...fields, fileKey: excel.key, fileName: excel.name, fileSize: excel.size, createdBy: actor })
      .returning()
    const repeated = repeats
      ? `; el usuario confirmó que el archivo es idéntico al de la planilla ${repeats.code} '${repeats.name}' y lo carga otra vez`
      : ''
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'payroll_batches',
      entityId: batch.id,
      actor,
      description: `Cargó el archivo '${excel.name}' para la planilla ${batch.code} '${batch.name}' (periodo ${batch.period}, ${payrollType[batch.type as 1 | 2].label}): carga #${batch.id}${repeated}`,
    })
    return batch.id
  },
  // Another upload took the code between the check and the insert.
  refusal: (error) => {
    if (error instanceof RepeatedUploadError) return M.duplicateFile(error.repeats.code, error.repeats.name)
    return violatedConstraint(error) === 'payroll_batches_code_unique' ? M.codeTaken : undefined
  },
}
