import { type companyBankAccounts, type Database, payrolls, recordAudit } from '@planillas/db'
import { countOf, formatCount, formatMoney } from '@planillas/domain'
import type {
  BbvaLineEnding,
  PaymentFileHeader,
  PaymentFileProblem,
  TotalsPart,
} from '@planillas/domain/bank-files'
import type { FileStorage } from '@planillas/storage'
import { eq } from 'drizzle-orm'
import { checkReplacement, OrderConflictError, openPayrollOrder } from './claims'
import { type EngineHooks, fileHeader, type GenerateResult, ORDER_MESSAGES, writeOrder } from './engine'
import {
  bbvaFormat,
  bcpFormat,
  genericCciFormat,
  PAYMENT_FORMATS,
  type PaymentFormat,
  type StreamedFormat,
} from './formats'
import { type ClaimedLines, claimPayrollLines, type LineConfirmations } from './order-lines'
import { LINE_BATCH, lineBatches } from './payroll-lines'
import { debitAccount } from './queries'

export type OrderRequest = LineConfirmations & {
  payrollId: number
  companyAccountId: number
  format: PaymentFormat
  paymentDate: string
  reference: string
  /** The open order this file replaces, named by the clerk who confirmed it (claims.ts). */
  replacesOrderId?: number
  confirmReplace?: boolean
}

type Target = {
  payroll: typeof payrolls.$inferSelect
  account: typeof companyBankAccounts.$inferSelect
  header: PaymentFileHeader
}

/**
 * 'Generar archivo de pago' of a payroll, through the engine (engine.ts): the order claims the
 * payroll's lines it carries one by one (order-lines.ts: the free lines, without the OBSERVADO ones
 * the clerk confirmed leaving out, with the lines the bank rejected when the clerk confirmed sending
 * them again), then the file is checked and written in streamed passes (two, or one for the CCI
 * workbook: `storeFile` in engine.ts) over keyset batches of exactly those lines, so memory stays
 * flat at any payroll size.
 */
export async function generatePaymentOrder(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
  options: { batchSize?: number; bbvaLineEnding?: BbvaLineEnding; hooks?: EngineHooks } = {},
): Promise<GenerateResult | null> {
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.id, request.payrollId))
  if (!payroll) return null
  const account = await debitAccount(db, request.companyAccountId)
  const orderProblems: PaymentFileProblem[] = []
  if (payroll.status !== 1) orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.payrollInactive })
  if (account?.account.status !== 1)
    orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.accountMissing })
  else if (account.bank.status !== 1)
    orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.bankSuspended(account.bank.name) })
  if (orderProblems.length || !account) return { ok: false, problems: orderProblems }
  // A replacement names the open order it replaces, confirmed; told before anything is claimed.
  if (request.replacesOrderId !== undefined || request.confirmReplace) {
    try {
      checkReplacement(
        await openPayrollOrder(db, payroll.id),
        request.replacesOrderId,
        request.confirmReplace === true,
      )
    } catch (error) {
      if (error instanceof OrderConflictError)
        return { ok: false, conflict: true, problems: [{ rowNumber: null, message: error.message }] }
      throw error
    }
  }

  const header = fileHeader(account.account, request)
  const context = { header, companyName: account.company.name }
  const target = { payroll, account: account.account, header }
  const run = <C extends TotalsPart>(format: StreamedFormat<C>, auditNote = '') =>
    generateWith(db, storage, request, actor, target, format, options, auditNote)
  switch (request.format) {
    case 'BCP':
      return run(bcpFormat(context))
    case 'BBVA': {
      const lineEnding = options.bbvaLineEnding ?? 'LF'
      return run(bbvaFormat(context, lineEnding), `, fin de línea ${lineEnding}`)
    }
    case 'CCI':
      return run(genericCciFormat(context))
  }
}

/** What the audit adds about the lines left out and sent again. */
const linesNote = (lines: ClaimedLines) =>
  [
    lines.observed
      ? `; sin ${countOf(lines.observed, 'línea OBSERVADA', 'líneas OBSERVADAS')}, que el usuario confirmó dejar fuera`
      : '',
    lines.resent
      ? `; reenvía ${countOf(lines.resent, 'línea', 'líneas')} que el banco rechazó o no abonó, confirmadas por el usuario`
      : '',
  ].join('')

/** A payroll's file: the lines the order claimed, in keyset batches. */
function generateWith<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
  { payroll, account, header }: Target,
  format: StreamedFormat<C>,
  options: { batchSize?: number; hooks?: EngineHooks },
  /** What the audit adds about how the file was written (BBVA: its line end). */
  auditNote: string,
): Promise<GenerateResult> {
  let claimed: ClaimedLines = { claimed: 0, observed: 0, resent: 0 }
  return writeOrder(
    db,
    storage,
    {
      formatCode: request.format,
      format,
      header,
      lines: (orderId) => lineBatches(db, payroll.id, orderId, options.batchSize ?? LINE_BATCH),
      fileName: `pago-${payroll.code}-${request.format.toLowerCase()}-${request.paymentDate}.${PAYMENT_FORMATS[request.format].extension}`,
      source: 'PAYROLL',
      payrollId: payroll.id,
      companyAccountId: account.id,
      paymentDate: request.paymentDate,
      reference: request.reference,
      claims: [],
      async claimLines(tx, orderId) {
        claimed = await claimPayrollLines(tx, payroll.id, orderId, request)
      },
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
          description: `Generó el archivo de pago ${request.format} #${id} de la planilla ${payroll.code}: ${formatCount(totals.count)} abonos, ${formatMoney(totalAmount)}, cuenta de cargo ${account.account}${auditNote}${linesNote(claimed)}${replaced}`,
        })
      },
    },
    options.hooks,
  )
}
