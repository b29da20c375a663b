import {
  type companyBankAccounts,
  type Database,
  type Executor,
  paymentOrderClaims,
  paymentOrderLines,
  paymentOrders,
  recordAudit,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { centsToSoles, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import {
  addToTotals,
  BANK_FILE_MESSAGES,
  type FileTotals,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  sameTotals,
  type TotalsPart,
} from '@planillas/domain/bank-files'
import type { FileStorage } from '@planillas/storage'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { claimForOrder, type LineSource, OrderConflictError, type OrderSource } from './claims'
import { type CheckedBatch, PAYMENT_FORMATS, type PaymentFormat, type StreamedFormat } from './formats'
import { type StoredFile, storeStreamed } from './streaming'

/** A file's header: the account it debits and the date and reference the clerk typed. */
export const fileHeader = (
  account: typeof companyBankAccounts.$inferSelect,
  request: { paymentDate: string; reference: string },
): PaymentFileHeader => ({
  debitBankCode: account.bankCode,
  debitAccount: account.account,
  debitAccountType: account.accountType === 'M' ? 'M' : 'C',
  currency: account.currency,
  paymentDate: request.paymentDate,
  reference: request.reference,
})

/** `conflict`: refused because of another order (already sent, or written at the same moment). */
export type GenerateResult =
  | { ok: true; id: number; lineCount: number; totalAmount: string }
  | { ok: false; problems: PaymentFileProblem[]; conflict?: boolean; refused?: true }

export const ORDER_MESSAGES = {
  payrollInactive: 'La planilla está ANULADA: no se puede generar su archivo de pago',
  accountMissing: 'La cuenta de cargo no existe o está inactiva',
  bankSuspended: (bank: string) =>
    `El banco de la cuenta de cargo (${bank}) está SUSPENDIDO: no se pueden generar archivos de pago con sus cuentas`,
  payrollChanged:
    'Las líneas de la planilla cambiaron mientras se generaba el archivo (un abono, una confirmación o una corrección): no se guardó nada; vuelva a generarlo',
  buildFailed: 'No se pudo escribir el archivo de pago: no se guardó nada; vuelva a generarlo',
  interrupted:
    'La generación del archivo se interrumpió (el proceso terminó antes de escribirlo): sus líneas quedaron libres',
} as const

/** 'Fila 12: …' or the order's own problem as it is. */
export const problemText = (p: PaymentFileProblem) =>
  p.rowNumber === null ? p.message : `Fila ${p.rowNumber}: ${p.message}`

/** The lines changed between the check and the write: the file is abandoned, nothing stored. */
export class PayrollChangedError extends Error {}

/** Found by a source's own step (a voucher that changed meanwhile, no line to pay): nothing is kept. */
export class OrderProblemsError extends Error {
  constructor(readonly problems: PaymentFileProblem[]) {
    super(problems.map((p) => p.message).join('; '))
  }
}

/**
 * Pass 2's lines, checked again as they are read and counted again: a line that no longer passes
 * (paid or flagged meanwhile) or totals that differ from pass 1's (a line added, removed or its
 * amount changed) fail the stream, so the store keeps nothing and the header never lies.
 */
export async function* recheckedBatches<C extends TotalsPart>(
  batches: AsyncIterable<PaymentFileLine[]>,
  format: StreamedFormat<C>,
  start: FileTotals,
  expected: FileTotals,
): AsyncIterable<CheckedBatch<C>> {
  const tally: Tally = { read: 0, problems: [], totals: start }
  for await (const batch of batches) {
    const passed = tallyBatch(format, tally, batch)
    if (passed.length !== batch.length) throw new PayrollChangedError()
    yield passed
  }
  if (!sameTotals(tally.totals, expected)) throw new PayrollChangedError()
}

/**
 * One order as the engine writes it, whatever its source of lines (a payroll, a run of supplier
 * vouchers): the format, its header, the lines (read twice: to check, then to write), the order's
 * row, what it claims, and what the source records in the order's transaction.
 */
export type OrderPlan<C extends TotalsPart> = {
  formatCode: PaymentFormat
  format: StreamedFormat<C>
  header: PaymentFileHeader
  /** The lines in file order, in batches, of the order `orderId` (claimed); called once per pass. */
  lines: (orderId: number) => AsyncIterable<PaymentFileLine[]>
  fileName: string
  /** 'PAYROLL' with its payroll, or 'VOUCHERS' (a supplier run) with none. */
  source: OrderSource
  payrollId: number | null
  companyAccountId: number
  paymentDate: string
  reference: string
  /** What the order holds while open (claims.ts). */
  claims: LineSource[]
  /**
   * In the claim's transaction, after `claims`: the source's own claims (a payroll's lines). Throws
   * `OrderConflictError` or `OrderProblemsError` to refuse the order before any line is read.
   */
  claimLines?(tx: Executor, orderId: number): Promise<void>
  replacesOrderId?: number
  actor: string
  /** In the order's last transaction, once its file is stored: the source's own rows and the audit entry. */
  record(tx: Executor, order: { id: number; totals: FileTotals; totalAmount: string }): Promise<void>
  /** The order was not recorded: remove what `record` stored outside the database. */
  abandoned?(): Promise<void>
  /** What the audit calls the order when its file fails ('de la planilla X'). */
  subject?: string
}

/** Test seams: called once the claim is committed, before any line is read. */
export type EngineHooks = { claimed?: (orderId: number) => Promise<void> | void }

/** A GENERANDO order older than this lost its process: the next generation fails it. */
export const STALE_BUILD_MINUTES = 15

const refusal = (error: unknown): GenerateResult | null => {
  if (error instanceof OrderConflictError)
    return { ok: false, conflict: true, problems: [{ rowNumber: null, message: error.message }] }
  if (error instanceof OrderProblemsError) return { ok: false, problems: error.problems }
  return null
}

/**
 * The engine. First the claim, committed on its own: the order's row (GENERANDO) and what it
 * claims, so of clerks generating at the same moment one wins and the others get their 409 at
 * once, while the winner's file is still being written. Then pass 1 checks every line against the
 * format and counts the totals (any problem refuses the whole file, every problem listed with its
 * line); pass 2 streams the file into the store, header first from pass 1's totals, SHA-256 on the
 * way, checking the lines again (a format whose file needs no totals first does both in one pass:
 * `storeFile`); then one transaction marks the order GENERADO with its file and
 * lets the source record its rows. Whatever fails after the claim fails the order (FALLIDO, audited)
 * and releases its claims, giving back what it took over.
 */
export async function writeOrder<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  plan: OrderPlan<C>,
  hooks: EngineHooks = {},
): Promise<GenerateResult> {
  await failStaleBuilds(db)
  let id: number
  try {
    id = await claimOrder(db, plan)
  } catch (error) {
    const refused = refusal(error)
    if (refused) return refused
    throw error
  }
  try {
    await hooks.claimed?.(id)
    const built = await buildOrder(db, storage, plan, id)
    if (!built.ok && built.refused) await discardOrder(db, id)
    else if (!built.ok) await failOrder(db, id, built.problems.map(problemText).join('; '), plan.actor)
    return built
  } catch (error) {
    await failOrder(db, id, ORDER_MESSAGES.buildFailed, plan.actor).catch(() => undefined)
    throw error
  }
}

/** The claim's transaction: the order's row, GENERANDO, and everything it pays, or a refusal. */
async function claimOrder<C extends TotalsPart>(db: Database, plan: OrderPlan<C>): Promise<number> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        source: plan.source,
        payrollId: plan.payrollId,
        companyAccountId: plan.companyAccountId,
        format: plan.formatCode,
        paymentDate: plan.paymentDate,
        reference: plan.reference,
        fileName: plan.fileName,
        status: PAYMENT_ORDER_STATUS.BUILDING,
        replacesOrderId: plan.replacesOrderId ?? null,
        createdBy: plan.actor,
      })
      .returning({ id: paymentOrders.id })
    await claimForOrder(tx, order.id, plan.claims, plan.replacesOrderId, plan.actor)
    await plan.claimLines?.(tx, order.id)
    return order.id
  })
}

/** What checking an order's lines found so far: the lines read, their problems, the totals of those that passed. */
type Tally = { read: number; problems: PaymentFileProblem[]; totals: FileTotals }

/** Checks one batch into `tally`; gives back the lines that passed, for the writer. */
function tallyBatch<C extends TotalsPart>(
  format: StreamedFormat<C>,
  tally: Tally,
  batch: PaymentFileLine[],
): CheckedBatch<C> {
  tally.read += batch.length
  const passed: CheckedBatch<C> = []
  for (const line of batch) {
    const result = format.checkLine(line)
    for (const message of result.problems) tally.problems.push({ rowNumber: line.rowNumber, message })
    if (result.checked) {
      tally.totals = addToTotals(tally.totals, result.checked)
      passed.push({ line, checked: result.checked })
    }
  }
  return passed
}

/** The order's problems once every line was checked: the header's, no line at all, each line's, then the totals'. */
function problemsOf<C extends TotalsPart>(
  format: StreamedFormat<C>,
  headerProblems: PaymentFileProblem[],
  tally: Tally,
): PaymentFileProblem[] {
  const problems = [...headerProblems]
  if (tally.read === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  problems.push(...tally.problems)
  if (!problems.length) problems.push(...format.checkTotals(tally.totals))
  return problems
}

/** A one-pass file found a problem: the store keeps nothing, and the order is refused with every problem. */
class LinesRefusedError extends Error {}

/**
 * The only pass of a format whose file needs no totals before its lines: each batch is checked as
 * it is read and written if nothing failed so far. After the first problem nothing more is written
 * (the file will not be kept), but every line is still checked, so the clerk sees every problem.
 */
async function* checkedWhileWritten<C extends TotalsPart>(
  batches: AsyncIterable<PaymentFileLine[]>,
  format: StreamedFormat<C>,
  tally: Tally,
): AsyncIterable<CheckedBatch<C>> {
  for await (const batch of batches) {
    const passed = tallyBatch(format, tally, batch)
    if (!tally.problems.length) yield passed
  }
  if (problemsOf(format, [], tally).length) throw new LinesRefusedError()
}

/**
 * The order's file in the store, or its problems. Two passes (check, then write with the header
 * from pass 1's totals, the lines checked again: `recheckedBatches`), or one for a format whose
 * file needs no totals first (`onePass`: the CCI workbook), which reads the lines once.
 */
async function storeFile<C extends TotalsPart>(
  storage: FileStorage,
  plan: OrderPlan<C>,
  id: number,
): Promise<{ file: StoredFile; totals: FileTotals } | { problems: PaymentFileProblem[]; refused?: true }> {
  const { format, header } = plan
  const meta = PAYMENT_FORMATS[plan.formatCode]
  const target = { name: plan.fileName, contentType: meta.contentType }
  const headerProblems = format.checkHeader(header)
  const tally: Tally = { read: 0, problems: [], totals: format.totalsStart(header) }
  if (format.onePass && !headerProblems.length) {
    try {
      const file = await storeStreamed(storage, target, (out) =>
        format.write(out, tally.totals, checkedWhileWritten(plan.lines(id), format, tally)),
      )
      return { file, totals: tally.totals }
    } catch (error) {
      if (error instanceof LinesRefusedError)
        return { problems: problemsOf(format, [], tally), refused: true }
      throw error
    }
  }
  for await (const batch of plan.lines(id)) tallyBatch(format, tally, batch)
  const problems = problemsOf(format, headerProblems, tally)
  if (problems.length) return { problems, refused: true }
  const { totals } = tally
  try {
    const file = await storeStreamed(storage, target, (out) =>
      format.write(out, totals, recheckedBatches(plan.lines(id), format, format.totalsStart(header), totals)),
    )
    return { file, totals }
  } catch (error) {
    if (error instanceof PayrollChangedError)
      return { problems: [{ rowNumber: null, message: ORDER_MESSAGES.payrollChanged }] }
    throw error
  }
}

/** The file and the last transaction of a claimed order. */
async function buildOrder<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  plan: OrderPlan<C>,
  id: number,
): Promise<GenerateResult> {
  const { format } = plan
  const stored = await storeFile(storage, plan, id)
  if ('problems' in stored) return { ok: false, ...stored }
  const { file, totals } = stored
  const totalAmount = centsToSoles(totals.totalCents)
  try {
    await db.transaction(async (tx) => {
      const done = await tx
        .update(paymentOrders)
        .set({
          status: PAYMENT_ORDER_STATUS.GENERATED,
          lineCount: totals.count,
          totalAmount,
          checksum: format.checksumText(totals),
          fileKey: file.key,
          fileSize: file.size,
          sha256: file.sha256,
          updatedAt: new Date(),
        })
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.BUILDING)))
        .returning({ id: paymentOrders.id })
      // Failed meanwhile as interrupted (it took longer than STALE_BUILD_MINUTES): not recorded.
      if (!done.length) throw new OrderConflictError(ORDER_MESSAGES.interrupted)
      await plan.record(tx, { id, totals, totalAmount })
    })
  } catch (error) {
    // No order refers to the stored files: remove them rather than leave orphans.
    await storage.delete(file.key).catch(() => undefined)
    await plan.abandoned?.().catch(() => undefined)
    const refused = refusal(error)
    if (refused) return refused
    throw error
  }
  return { ok: true, id, lineCount: totals.count, totalAmount }
}

/**
 * A claimed order refused by its checks before any file was written (a debit account of another
 * bank, a line the format cannot carry): removed as if never asked for, as bad input changes
 * nothing. Its claims go, what it took over is given back (the replaced order is GENERADO again,
 * the lines it was sending again are their earlier order's again); in one transaction.
 */
async function discardOrder(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ replaces: paymentOrders.replacesOrderId })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.BUILDING)))
      .for('update')
    if (!order) return
    await giveBack(tx, id, order.replaces)
    for (const table of [paymentOrderClaims, paymentOrderLines])
      await tx.delete(table).where(eq(table.orderId, id))
    await tx.delete(paymentOrders).where(eq(paymentOrders.id, id))
  })
}

/**
 * What an order that will not be GENERADO took over goes back: the rows it took from an earlier
 * order (lines it was sending again) are that order's again, and the order it replaced is GENERADO.
 */
async function giveBack(tx: Executor, id: number, replaces: number | null): Promise<void> {
  for (const table of [paymentOrderClaims, paymentOrderLines])
    await tx
      .update(table)
      .set({ releasedAt: null, releasedByOrderId: null })
      .where(eq(table.releasedByOrderId, id))
  if (replaces !== null)
    await tx
      .update(paymentOrders)
      .set({ status: PAYMENT_ORDER_STATUS.GENERATED })
      .where(and(eq(paymentOrders.id, replaces), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.REPLACED)))
}

/**
 * A claimed order whose file could not be written: FALLIDO with the reason, its claims released,
 * what it took over given back (the replaced order is GENERADO again, the lines it was sending
 * again are its earlier order's again), audited; in one transaction. False when it was no longer
 * GENERANDO.
 */
export async function failOrder(db: Database, id: number, reason: string, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(paymentOrders)
      .set({
        status: PAYMENT_ORDER_STATUS.FAILED,
        failureReason: reason.slice(0, 2000),
        updatedAt: new Date(),
      })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.BUILDING)))
      .returning({
        id: paymentOrders.id,
        format: paymentOrders.format,
        source: paymentOrders.source,
        replaces: paymentOrders.replacesOrderId,
      })
    if (!order) return false
    for (const table of [paymentOrderClaims, paymentOrderLines])
      await tx
        .update(table)
        .set({ releasedAt: sql`now()` })
        .where(and(eq(table.orderId, id), isNull(table.releasedAt)))
    await giveBack(tx, id, order.replaces)
    const given = order.replaces === null ? '' : `; la orden #${order.replaces} queda vigente otra vez`
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payment_orders',
      entityId: id,
      actor,
      description: `No se generó el archivo de pago ${order.format} #${id}${order.source === 'PAYROLL' ? '' : ' a proveedores'}: queda FALLIDO y sus líneas quedan libres${given}. Motivo: ${reason}`,
    })
    return true
  })
}

/** Orders left GENERANDO by a process that ended: failed, so their lines are free again. */
export async function failStaleBuilds(db: Database) {
  const stale = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, PAYMENT_ORDER_STATUS.BUILDING),
        lt(paymentOrders.createdAt, sql`now() - make_interval(mins => ${STALE_BUILD_MINUTES})`),
      ),
    )
  for (const { id } of stale) await failOrder(db, id, ORDER_MESSAGES.interrupted, SYSTEM_ACTOR)
}
