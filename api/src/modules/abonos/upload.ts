import { createHash } from 'node:crypto'
import {
  type Executor,
  paymentBatches,
  paymentBatchReceipts,
  recordAudit,
  type Transaction,
} from '@planillas/db'
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
  SUPPLIER_PAYMENT_MESSAGES,
  type SupplierPaymentBatchFields,
  SupplierPaymentBatchFieldsSchema,
} from '@planillas/domain'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { type BatchUpload, excelProblems, fieldMessages, type StoredExcel } from '../../uploads/batch-upload'
import { findPayrollForPayments, findRunForPayments } from './queries'
import { type Received, receiveUpload, type StoredReceipt } from './receive'

/** Emptied fields count as not sent (a form drops null fields). */
const sentFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''))

/**
 * The files of either kind of abonos: the Excel (a real .xlsx with the template's header or the
 * bank's result report, and data rows) and the receipts (no name twice). Adds their problems.
 */
async function fileProblems(received: Received, messages: string[]) {
  messages.push(
    ...(await excelProblems(received, {
      messages: M,
      // The rows are counted: a file with a header and no data is refused here.
      countRows: true,
      header: (cells, pkg) => {
        // The bank's result report is accepted as it comes (the worker maps its columns).
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
  return receipts
}

type MatchedReceipt = StoredReceipt & { matchKey: string }

/** What a batch pays: a payroll (payroll abonos) or a supplier payment run (supplier abonos). */
type Target = { payrollId: number } | { orderId: number }

/** The Excel of this upload seen before, and whether the clerk confirmed loading it again. */
type Repeat = { contentSha256: string; confirmed: boolean }

const CON_ERRORES = 5

/** The Excel's bytes as the repeated-file check knows them, and the clerk's confirmation. */
const repeatOf = (received: Received): Repeat => ({
  contentSha256: createHash('sha256')
    .update(received.excel?.content ?? Buffer.alloc(0))
    .digest('hex'),
  confirmed: ['on', 'true'].includes(received.fields.confirmDuplicate ?? ''),
})

/**
 * The latest batch of the same target with the same Excel that was not refused (CON ERRORES
 * applied nothing): one bank file loaded twice is the usual mistake, a deliberate repeat is confirmed.
 */
async function earlierUpload(db: Executor, target: Target, contentSha256: string) {
  const [row] = await db
    .select({ id: paymentBatches.id })
    .from(paymentBatches)
    .where(
      and(
        'payrollId' in target
          ? eq(paymentBatches.payrollId, target.payrollId)
          : eq(paymentBatches.orderId, target.orderId),
        eq(paymentBatches.contentSha256, contentSha256),
        ne(paymentBatches.status, CON_ERRORES),
      ),
    )
    .orderBy(desc(paymentBatches.id))
    .limit(1)
  return row?.id ?? null
}

/** An identical Excel was recorded for the same target between the check and this transaction. */
class RepeatedAbonosError extends Error {
  constructor(
    readonly batchId: number,
    readonly paid: string,
  ) {
    super('repeated abonos upload')
  }
}

/** The check's answer to a repeated Excel: a refusal naming the earlier batch, unless confirmed. */
async function repeatProblem(db: Executor, target: Target, repeat: Repeat, paid: string) {
  if (repeat.confirmed) return null
  const earlier = await earlierUpload(db, target, repeat.contentSha256)
  return earlier ? M.repeatedFile(earlier, paid) : null
}

/** The receipts of a new batch, in upload order. */
async function recordReceipts(tx: Transaction, batchId: number, receipts: MatchedReceipt[], actor: string) {
  if (!receipts.length) return
  await tx.insert(paymentBatchReceipts).values(
    receipts.map((r, position) => ({
      batchId,
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

export type CheckedUpload = {
  fields: PaymentBatchFields
  payroll: { id: number; code: string }
  receipts: MatchedReceipt[]
  repeat: Repeat
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
    const fields = sentFields(received.fields)
    const parsed = PaymentBatchFieldsSchema.safeParse(fields)
    messages.push(...fieldMessages(parsed))

    let payroll: { id: number; code: string } | null = null
    const number = PaymentBatchFieldsSchema.shape.payrollNumber.safeParse(fields.payrollNumber)
    if (number.success) {
      const found = await findPayrollForPayments(db, number.data)
      if ('problem' in found) messages.push(found.problem)
      else payroll = found
    }

    const receipts = await fileProblems(received, messages)
    const { excel } = received
    if (messages.length || !parsed.success || !payroll || !excel) return { ok: false, messages }
    const repeat = repeatOf(received)
    const repeated = await repeatProblem(db, { payrollId: payroll.id }, repeat, `la planilla ${payroll.code}`)
    if (repeated) return { ok: false, messages: [repeated] }
    return { ok: true, upload: { fields: parsed.data, payroll, receipts, repeat }, excel }
  },
  record: (tx, { fields, payroll, receipts, repeat }, excel, actor) =>
    recordBatch(
      tx,
      {
        payrollId: payroll.id,
        payrollNumber: payroll.code,
        payrollDesc: fields.payrollDesc,
        paymentDate: fields.paymentDate,
      },
      {
        excel,
        receipts,
        actor,
        repeat,
        paid: `la planilla ${payroll.code}`,
      },
    ),
  refusal: repeatedRefusal,
}

/** Another clerk recorded the same Excel for the same target meanwhile: the pipeline's 409. */
function repeatedRefusal(error: unknown) {
  return error instanceof RepeatedAbonosError ? M.repeatedFile(error.batchId, error.paid) : undefined
}

export type CheckedSupplierUpload = {
  fields: SupplierPaymentBatchFields
  orderId: number
  receipts: MatchedReceipt[]
  repeat: Repeat
}

/**
 * Supplier abonos in the same pipeline and job as payroll's: the fields (N° de orden de pago,
 * Fecha de abono, Descripción), the run (a VOUCHERS order still GENERADO) and the same Excel and
 * receipts. The 'payment-import' job pays the run's supplier lines (`source` VOUCHERS).
 */
export const SUPPLIER_PAYMENT_UPLOAD: BatchUpload<Received, CheckedSupplierUpload> = {
  job: 'payment-import',
  theBatch: 'la carga de abonos de proveedores',
  accepted: SUPPLIER_PAYMENT_MESSAGES.accepted,
  receive: receiveUpload,
  async check(db, received) {
    const messages = [...received.messages]
    const parsed = SupplierPaymentBatchFieldsSchema.safeParse(sentFields(received.fields))
    messages.push(...fieldMessages(parsed))
    let orderId: number | null = null
    if (parsed.success) {
      const found = await findRunForPayments(db, parsed.data.orderNumber)
      if ('problem' in found) messages.push(found.problem)
      else orderId = found.id
    }
    const receipts = await fileProblems(received, messages)
    const { excel } = received
    if (messages.length || !parsed.success || !orderId || !excel) return { ok: false, messages }
    const repeat = repeatOf(received)
    const repeated = await repeatProblem(db, { orderId }, repeat, runPaid(orderId))
    if (repeated) return { ok: false, messages: [repeated] }
    return { ok: true, upload: { fields: parsed.data, orderId, receipts, repeat }, excel }
  },
  record: (tx, { fields, orderId, receipts, repeat }, excel, actor) =>
    recordBatch(
      tx,
      {
        source: 'VOUCHERS',
        orderId,
        payrollNumber: String(orderId),
        payrollDesc: fields.description,
        paymentDate: fields.paymentDate,
      },
      { excel, receipts, actor, repeat, paid: runPaid(orderId) },
    ),
  refusal: repeatedRefusal,
}

const runPaid = (orderId: number) => `la orden de pago a proveedores N° ${orderId}`

/**
 * Records an accepted upload of either kind: the batch (what it pays, its file), its receipts and the
 * audit entry naming what was paid; in the pipeline's transaction. Two clerks sending the same Excel
 * for the same target at once: the second waits for the first's transaction, then finds its batch
 * and is refused unless it confirmed a repeat (which the audit entry then says).
 */
async function recordBatch(
  tx: Transaction,
  paid: Pick<
    typeof paymentBatches.$inferInsert,
    'source' | 'orderId' | 'payrollId' | 'payrollNumber' | 'payrollDesc' | 'paymentDate'
  >,
  {
    excel,
    receipts,
    actor,
    repeat,
    paid: what,
  }: { excel: StoredExcel; receipts: MatchedReceipt[]; actor: string; repeat: Repeat; paid: string },
) {
  const target: Target = paid.orderId ? { orderId: paid.orderId } : { payrollId: paid.payrollId ?? 0 }
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`abonos-upload:${JSON.stringify(target)}:${repeat.contentSha256}`}, 0))`,
  )
  const earlier = await earlierUpload(tx, target, repeat.contentSha256)
  if (earlier && !repeat.confirmed) throw new RepeatedAbonosError(earlier, what)
  const [batch] = await tx
    .insert(paymentBatches)
    .values({
      ...paid,
      contentSha256: repeat.contentSha256,
      fileKey: excel.key,
      fileName: excel.name,
      fileSize: excel.size,
      receiptCount: receipts.length,
      createdBy: actor,
    })
    .returning({ id: paymentBatches.id })
  await recordReceipts(tx, batch.id, receipts, actor)
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'payment_batches',
    entityId: batch.id,
    actor,
    description: `Cargó los abonos del ${formatDate(paid.paymentDate)} de ${what}: archivo '${excel.name}' y ${countOf(receipts.length, 'constancia')} (carga de abonos #${batch.id})${earlier ? `; el usuario confirmó que el Excel es idéntico al de la carga #${earlier} y lo carga otra vez` : ''}`,
  })
  return batch.id
}
