import { createHash } from 'node:crypto'
import {
  companies,
  companyBankAccounts,
  type Database,
  paymentOrders,
  payrollLines,
  payrolls,
  recordAudit,
} from '@planillas/db'
import type { FileStorage } from '@planillas/db/storage'
import { BLOCKING_REVIEW_FLAGS, formatCount, formatMoney, XLSX_MIME } from '@planillas/domain'
import {
  buildBcpFile,
  buildGenericCciRows,
  encodeRecords,
  GENERIC_CCI,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
} from '@planillas/domain/bank-files/index'
import { asc, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'

export const PAYMENT_FORMATS = {
  BCP: {
    label: 'BCP Telecrédito · Planilla de Haberes (.txt)',
    extension: 'txt',
    contentType: 'text/plain; charset=windows-1252',
  },
  CCI: {
    label: 'Transferencias interbancarias por CCI (.xlsx)',
    extension: 'xlsx',
    contentType: XLSX_MIME,
  },
} as const
export type PaymentFormat = keyof typeof PAYMENT_FORMATS

export type OrderRequest = {
  payrollId: number
  companyAccountId: number
  format: PaymentFormat
  paymentDate: string
  reference: string
}

export type GenerateResult =
  | { ok: true; id: number; lineCount: number; totalAmount: string }
  | { ok: false; problems: PaymentFileProblem[] }

export const ORDER_MESSAGES = {
  payrollInactive: 'La planilla está ANULADA: no se puede generar su archivo de pago',
  accountMissing: 'La cuenta de cargo no existe o está inactiva',
} as const

/** 'Fila 12: …' or the order's own problem as it is. */
export const problemText = (p: PaymentFileProblem) =>
  p.rowNumber === null ? p.message : `Fila ${p.rowNumber}: ${p.message}`

const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`

async function readLines(db: Database, payrollId: number): Promise<(PaymentFileLine & { id: number })[]> {
  const rows = await db
    .select({
      id: payrollLines.id,
      rowNumber: payrollLines.rowNumber,
      identifierType: payrollLines.identifierType,
      identifier: payrollLines.identifier,
      fullName: payrollLines.fullName,
      bankCode: payrollLines.bankCode,
      bankAccount: payrollLines.bankAccount,
      bankInterAccount: payrollLines.bankInterAccount,
      amount: payrollLines.amount,
      paid: payrollLines.paid,
      awaitingReview: sql<boolean>`(${payrollLines.reviewFlags} & ${sql.raw(String(BLOCKING_REVIEW_FLAGS))} <> 0 and ${payrollLines.reviewConfirmedAt} is null)`,
    })
    .from(payrollLines)
    .where(eq(payrollLines.payrollId, payrollId))
    .orderBy(asc(payrollLines.rowNumber))
  return rows
}

async function workbookBytes(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Transferencias')
  sheet.addRow([...GENERIC_CCI.columns])
  for (const row of rows) sheet.addRow([...row])
  sheet.getColumn(6).numFmt = '0.00'
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/**
 * 'Generar archivo de pago': checks every line of the payroll against the format before writing
 * anything (any problem refuses the whole file, every problem listed), then stores the file and,
 * in one transaction, records the order (its lines are then 'enviado al banco') and audits it.
 */
export async function generatePaymentOrder(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
): Promise<GenerateResult | null> {
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.id, request.payrollId))
  if (!payroll) return null
  const [account] = await db
    .select({ account: companyBankAccounts, company: companies })
    .from(companyBankAccounts)
    .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
    .where(eq(companyBankAccounts.id, request.companyAccountId))
  const orderProblems: PaymentFileProblem[] = []
  if (payroll.status !== 1) orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.payrollInactive })
  if (!account || account.account.status !== 1)
    orderProblems.push({ rowNumber: null, message: ORDER_MESSAGES.accountMissing })
  if (orderProblems.length || !account) return { ok: false, problems: orderProblems }

  const header: PaymentFileHeader = {
    debitBankCode: account.account.bankCode,
    debitAccount: account.account.account,
    debitAccountType: account.account.accountType === 'M' ? 'M' : 'C',
    currency: account.account.currency,
    paymentDate: request.paymentDate,
    reference: request.reference,
  }
  const lines = await readLines(db, payroll.id)
  let bytes: Buffer
  let count: number
  let totalCents: bigint
  let checksum: string | null = null
  if (request.format === 'BCP') {
    const result = buildBcpFile(header, lines, { companyReference: account.company.name })
    if (!result.ok) return result
    bytes = Buffer.concat(encodeRecords(result.file.records))
    ;({ count, totalCents, checksum } = result.file)
  } else {
    const result = buildGenericCciRows(header, lines)
    if (!result.ok) return result
    bytes = await workbookBytes(result.rows)
    ;({ count, totalCents } = result)
  }
  const format = PAYMENT_FORMATS[request.format]
  const fileName = `pago-${payroll.code}-${request.format.toLowerCase()}-${request.paymentDate}.${format.extension}`
  const fileKey = await storage.put(bytes, { name: fileName, contentType: format.contentType })
  const totalAmount = centsText(totalCents)
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        payrollId: payroll.id,
        companyAccountId: account.account.id,
        format: request.format,
        paymentDate: request.paymentDate,
        reference: request.reference,
        lineCount: count,
        totalAmount,
        checksum,
        fileKey,
        fileName,
        fileSize: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdBy: actor,
      })
      .returning({ id: paymentOrders.id })
    // No per-line writes: a file always carries every line of its payroll (one line that could not
    // be written refuses the whole file), so a line is 'enviado' once its payroll has an order.
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'payment_orders',
      entityId: order.id,
      actor,
      description: `Generó el archivo de pago ${request.format} #${order.id} de la planilla ${payroll.code}: ${formatCount(count)} abonos, ${formatMoney(totalAmount)}, cuenta de cargo ${account.account.account}`,
    })
    return order.id
  })
  return { ok: true, id, lineCount: count, totalAmount }
}

/** When the payroll's latest payment file was generated: its lines are 'enviado' from then on. */
export async function lastOrderAt(db: Database, payrollId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${paymentOrders.createdAt})` })
    .from(paymentOrders)
    .where(eq(paymentOrders.payrollId, payrollId))
  return row?.at ? new Date(row.at) : null
}
