import { paymentBatches, paymentBatchReceipts, recordAudit } from '@planillas/db'
import {
  bankResultMapper,
  countOf,
  FILE_MESSAGES,
  formatDate,
  PAYMENT_UPLOAD_MESSAGES as M,
  type PaymentBatchFields,
  PaymentBatchFieldsSchema,
  paymentHeaderProblems,
  receiptKey,
} from '@planillas/domain'
import { type BatchUpload, excelProblems, fieldMessages } from '../../lib/batch-upload'
import { findPayrollForPayments } from './queries'
import { type Received, receiveUpload, type StoredReceipt } from './receive'

export type CheckedUpload = {
  fields: PaymentBatchFields
  payroll: { id: number; code: string }
  receipts: (StoredReceipt & { matchKey: string })[]
}

/**
 * 'Carga de abonos' in the batch pipeline (docs/architecture.md, background work): the fields, the payroll (it exists
 * and is VIGENTE), the Excel (extension, size, a real .xlsx, the template's header row or the
 * bank's result report, at least one data row) and the receipts (type, content, size, pages, no
 * repeated names), every problem at once. The batch is processed by the 'payment-import' job.
 */
export const PAYMENT_UPLOAD: BatchUpload<Received, CheckedUpload> = {
  job: 'payment-import',
  theBatch: 'la carga de abonos',
  accepted: M.accepted,
  receive: receiveUpload,
  async check(db, received) {
    const messages = [...received.messages]
    // Empty fields count as not sent (a form drops null fields).
    const fields = Object.fromEntries(Object.entries(received.fields).filter(([, v]) => v.trim() !== ''))
    const parsed = PaymentBatchFieldsSchema.safeParse(fields)
    messages.push(...fieldMessages(parsed))

    let payroll: { id: number; code: string } | null = null
    const number = PaymentBatchFieldsSchema.shape.payrollNumber.safeParse(fields.payrollNumber)
    if (number.success) {
      const found = await findPayrollForPayments(db, number.data)
      if ('problem' in found) messages.push(found.problem)
      else payroll = found
    }

    messages.push(
      ...(await excelProblems(received, {
        messages: M,
        // The rows are counted: a file with a header and no data is refused here.
        countRows: true,
        header: (cells, pkg) => {
          // Issue 14: the bank's result report is accepted as it comes (the worker maps its columns).
          const problems = bankResultMapper(cells) ? [] : paymentHeaderProblems(cells)
          return !problems.length && pkg.rowElements < 2 ? [FILE_MESSAGES.noDataRows] : problems
        },
      })),
    )

    const seen = new Set<string>()
    const receipts = received.receipts.map((r) => ({ ...r, matchKey: receiptKey(r.name) }))
    for (const r of receipts) {
      if (seen.has(r.matchKey)) messages.push(M.receiptRepeated(r.name))
      seen.add(r.matchKey)
    }
    const { excel } = received
    if (messages.length || !parsed.success || !payroll || !excel) return { ok: false, messages }
    return { ok: true, upload: { fields: parsed.data, payroll, receipts }, excel }
  },
  async record(tx, { fields, payroll, receipts }, excel, actor) {
    const [batch] = await tx
      .insert(paymentBatches)
      .values({
        payrollId: payroll.id,
        payrollNumber: payroll.code,
        payrollDesc: fields.payrollDesc,
        paymentDate: fields.paymentDate,
        fileKey: excel.key,
        fileName: excel.name,
        fileSize: excel.size,
        receiptCount: receipts.length,
        createdBy: actor,
      })
      .returning({ id: paymentBatches.id })
    if (receipts.length) {
      await tx.insert(paymentBatchReceipts).values(
        receipts.map((r, position) => ({
          batchId: batch.id,
          position,
          fileKey: r.key,
          fileName: r.name,
          matchKey: r.matchKey,
          fileSize: r.size,
          pages: r.pages,
          createdBy: actor,
        })),
      )
    }
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'payment_batches',
      entityId: batch.id,
      actor,
      description: `Cargó los abonos del ${formatDate(fields.paymentDate)} de la planilla ${payroll.code}: archivo '${excel.name}' y ${countOf(receipts.length, 'constancia')} (carga de abonos #${batch.id})`,
    })
    return batch.id
  },
}
