import {
  banks,
  companies,
  companyBankAccounts,
  type Database,
  type Executor,
  paymentOrders,
  payrolls,
  recordAudit,
} from '@planillas/db'
import { centsToSoles, formatCount, formatMoney, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import {
  addToTotals,
  BANK_FILE_MESSAGES,
  type BbvaLineEnding,
  type FileTotals,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  sameTotals,
  type TotalsPart,
} from '@planillas/domain/bank-files'
import type { FileStorage } from '@planillas/storage'
import { and, eq, sql } from 'drizzle-orm'
import {
  checkReplacement,
  claimForOrder,
  type LineSource,
  OrderConflictError,
  type OrderSource,
  openOrderOf,
  payrollSource,
} from './claims'
import {
  bbvaFormat,
  bcpFormat,
  type CheckedBatch,
  genericCciFormat,
  PAYMENT_FORMATS,
  type PaymentFormat,
  type StreamedFormat,
} from './formats'
import { LINE_BATCH, lineBatches } from './payroll-lines'
import { type StoredFile, storeStreamed } from './streaming'

export type OrderRequest = {
  payrollId: number
  companyAccountId: number
  format: PaymentFormat
  paymentDate: string
  reference: string
  /** The open order this file replaces, named by the clerk who confirmed it (claims.ts). */
  replacesOrderId?: number
  confirmReplace?: boolean
}

/** `conflict`: refused because of another order (already sent, or written at the same moment). */
export type GenerateResult =
  | { ok: true; id: number; lineCount: number; totalAmount: string }
  | { ok: false; problems: PaymentFileProblem[]; conflict?: boolean }

export const ORDER_MESSAGES = {
  payrollInactive: 'La planilla está ANULADA: no se puede generar su archivo de pago',
  accountMissing: 'La cuenta de cargo no existe o está inactiva',
  bankSuspended: (bank: string) =>
    `El banco de la cuenta de cargo (${bank}) está SUSPENDIDO: no se pueden generar archivos de pago con sus cuentas`,
  payrollChanged:
    'Las líneas de la planilla cambiaron mientras se generaba el archivo (un abono, una confirmación o una corrección): no se guardó nada; vuelva a generarlo',
} as const

/** 'Fila 12: …' or the order's own problem as it is. */
export const problemText = (p: PaymentFileProblem) =>
  p.rowNumber === null ? p.message : `Fila ${p.rowNumber}: ${p.message}`

/** The lines changed between the check and the write: the file is abandoned, nothing stored. */
export class PayrollChangedError extends Error {}

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
  let totals = start
  for await (const batch of batches) {
    const checked: CheckedBatch<C> = []
    for (const line of batch) {
      const result = format.checkLine(line)
      if (!result.checked) throw new PayrollChangedError()
      totals = addToTotals(totals, result.checked)
      checked.push({ line, checked: result.checked })
    }
    yield checked
  }
  if (!sameTotals(totals, expected)) throw new PayrollChangedError()
}

/**
 * 'Generar archivo de pago', in two streamed passes over keyset batches so memory stays flat at any
 * payroll size. Pass 1 checks every line against the format and counts the totals (any problem
 * refuses the whole file, every problem listed with its line, nothing written). Pass 2 reads the
 * lines again and writes the file through the storage adapter as a stream, header first from pass
 * 1's totals, SHA-256 computed on the way; it checks the lines again and abandons the file if they
 * changed. Then, in one transaction, the order is recorded (its lines are then 'enviado al banco')
 * and audited.
 */
export async function generatePaymentOrder(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
  options: { batchSize?: number; bbvaLineEnding?: BbvaLineEnding } = {},
): Promise<GenerateResult | null> {
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.id, request.payrollId))
  if (!payroll) return null
  const [account] = await db
    .select({ account: companyBankAccounts, company: companies, bank: banks })
    .from(companyBankAccounts)
    .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
    .innerJoin(banks, eq(banks.code, companyBankAccounts.bankCode))
    .where(eq(companyBankAccounts.id, request.companyAccountId))
  const orderProblems: PaymentFileProblem[] = []
  if (payroll.status !== 1) orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.payrollInactive })
  if (account?.account.status !== 1)
    orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.accountMissing })
  else if (account.bank.status !== 1)
    orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.bankSuspended(account.bank.name) })
  if (orderProblems.length || !account) return { ok: false, problems: orderProblems }
  // Told before any line is read; the database decides again when the order is written.
  try {
    checkReplacement(
      await openOrderOf(db, payrollSource(payroll.id)),
      request.replacesOrderId,
      request.confirmReplace === true,
    )
  } catch (error) {
    if (error instanceof OrderConflictError)
      return { ok: false, conflict: true, problems: [{ rowNumber: null, message: error.message }] }
    throw error
  }

  const header: PaymentFileHeader = {
    debitBankCode: account.account.bankCode,
    debitAccount: account.account.account,
    debitAccountType: account.account.accountType === 'M' ? 'M' : 'C',
    currency: account.account.currency,
    paymentDate: request.paymentDate,
    reference: request.reference,
  }
  const context = { header, companyName: account.company.name }
  const target = { payroll, account: account.account, header }
  const batchSize = options.batchSize ?? LINE_BATCH
  switch (request.format) {
    case 'BCP':
      return generateWith(db, storage, request, actor, target, bcpFormat(context), batchSize)
    case 'BBVA': {
      const lineEnding = options.bbvaLineEnding ?? 'LF'
      const format = bbvaFormat(context, lineEnding)
      return generateWith(
        db,
        storage,
        request,
        actor,
        target,
        format,
        batchSize,
        `, fin de línea ${lineEnding}`,
      )
    }
    case 'CCI':
      return generateWith(db, storage, request, actor, target, genericCciFormat(context), batchSize)
  }
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
  /** The lines in file order, in batches; called once per pass. */
  lines: () => AsyncIterable<PaymentFileLine[]>
  fileName: string
  /** 'PAYROLL' with its payroll, or 'VOUCHERS' (a supplier run) with none. */
  source: OrderSource
  payrollId: number | null
  companyAccountId: number
  paymentDate: string
  reference: string
  /** What the order holds while open (claims.ts). */
  claims: LineSource[]
  replacesOrderId?: number
  actor: string
  /** In the order's transaction, after its claims: the source's own rows and the audit entry. */
  record(tx: Executor, order: { id: number; totals: FileTotals; totalAmount: string }): Promise<void>
  /** The order was not recorded: remove what `record` stored outside the database. */
  abandoned?(): Promise<void>
}

/**
 * The engine: pass 1 checks every line against the format and counts the totals (any problem
 * refuses the whole file, every problem listed with its line, nothing written); pass 2 streams the
 * file into the store, header first from pass 1's totals, SHA-256 on the way, checking the lines
 * again; then one transaction records the order, claims its sources (the database decides between
 * concurrent orders), lets the source record its rows and audits.
 */
export async function writeOrder<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  plan: OrderPlan<C>,
): Promise<GenerateResult> {
  const { format, header } = plan
  // Pass 1: every problem, with its line; the totals the header needs.
  const problems = format.checkHeader(header)
  const lineProblems: PaymentFileProblem[] = []
  let totals = format.totalsStart(header)
  let read = 0
  for await (const batch of plan.lines()) {
    read += batch.length
    for (const line of batch) {
      const result = format.checkLine(line)
      for (const message of result.problems) lineProblems.push({ rowNumber: line.rowNumber, message })
      if (result.checked) totals = addToTotals(totals, result.checked)
    }
  }
  if (read === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  problems.push(...lineProblems)
  if (!problems.length) problems.push(...format.checkTotals(totals))
  if (problems.length) return { ok: false, problems }

  // Pass 2: the file, streamed into the store.
  const meta = PAYMENT_FORMATS[plan.formatCode]
  let file: StoredFile
  try {
    file = await storeStreamed(storage, { name: plan.fileName, contentType: meta.contentType }, (out) =>
      format.write(out, totals, recheckedBatches(plan.lines(), format, format.totalsStart(header), totals)),
    )
  } catch (error) {
    if (error instanceof PayrollChangedError)
      return { ok: false, problems: [{ rowNumber: null, message: ORDER_MESSAGES.payrollChanged }] }
    throw error
  }
  const totalAmount = centsToSoles(totals.totalCents)
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(paymentOrders)
        .values({
          source: plan.source,
          payrollId: plan.payrollId,
          companyAccountId: plan.companyAccountId,
          format: plan.formatCode,
          paymentDate: plan.paymentDate,
          reference: plan.reference,
          lineCount: totals.count,
          totalAmount,
          checksum: format.checksumText(totals),
          fileKey: file.key,
          fileName: plan.fileName,
          fileSize: file.size,
          sha256: file.sha256,
          replacesOrderId: plan.replacesOrderId ?? null,
          createdBy: plan.actor,
        })
        .returning({ id: paymentOrders.id })
      await claimForOrder(tx, order.id, plan.claims, plan.replacesOrderId, plan.actor)
      await plan.record(tx, { id: order.id, totals, totalAmount })
      return order.id
    })
  } catch (error) {
    // No order refers to the stored files: remove them rather than leave orphans.
    await storage.delete(file.key).catch(() => undefined)
    await plan.abandoned?.().catch(() => undefined)
    if (error instanceof OrderConflictError)
      return { ok: false, conflict: true, problems: [{ rowNumber: null, message: error.message }] }
    if (error instanceof OrderProblemsError) return { ok: false, problems: error.problems }
    throw error
  }
  return { ok: true, id, lineCount: totals.count, totalAmount }
}

/** Found by `record` in the order's transaction (a voucher that changed meanwhile): nothing is kept. */
export class OrderProblemsError extends Error {
  constructor(readonly problems: PaymentFileProblem[]) {
    super(problems.map((p) => p.message).join('; '))
  }
}

type Target = {
  payroll: typeof payrolls.$inferSelect
  account: typeof companyBankAccounts.$inferSelect
  header: PaymentFileHeader
}

/** A payroll's file: its lines in keyset batches; the order claims the payroll as a whole. */
function generateWith<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
  { payroll, account, header }: Target,
  format: StreamedFormat<C>,
  batchSize: number,
  /** What the audit adds about how the file was written (BBVA: its line end). */
  auditNote = '',
): Promise<GenerateResult> {
  return writeOrder(db, storage, {
    formatCode: request.format,
    format,
    header,
    lines: () => lineBatches(db, payroll.id, batchSize),
    fileName: `pago-${payroll.code}-${request.format.toLowerCase()}-${request.paymentDate}.${PAYMENT_FORMATS[request.format].extension}`,
    source: 'PAYROLL',
    payrollId: payroll.id,
    companyAccountId: account.id,
    paymentDate: request.paymentDate,
    reference: request.reference,
    // No per-line writes: a file always carries every line of its payroll (one line that could not
    // be written refuses the whole file), so the order claims the payroll as a whole and a line is
    // 'enviado' while its payroll has an open order.
    claims: [payrollSource(payroll.id)],
    replacesOrderId: request.replacesOrderId,
    actor,
    async record(tx, { id, totals, totalAmount }) {
      const replaced = request.replacesOrderId
        ? `; el usuario confirmó que reemplaza la orden #${request.replacesOrderId}, cuyas líneas ya se habían enviado al banco`
        : ''
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'payment_orders',
        entityId: id,
        actor,
        description: `Generó el archivo de pago ${request.format} #${id} de la planilla ${payroll.code}: ${formatCount(totals.count)} abonos, ${formatMoney(totalAmount)}, cuenta de cargo ${account.account}${auditNote}${replaced}`,
      })
    },
  })
}

/**
 * When the payroll's open payment file was generated: its lines are 'enviado' from then on, until
 * the order is annulled (an annulled or replaced order sends nothing).
 */
export async function lastOrderAt(db: Database, payrollId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${paymentOrders.createdAt})` })
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.payrollId, payrollId), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.GENERATED)),
    )
  return row?.at ? new Date(row.at) : null
}
