import { createHash } from 'node:crypto'
import { Transform, type Writable } from 'node:stream'
import {
  awaitsReviewSql,
  companies,
  companyBankAccounts,
  type Database,
  paymentOrders,
  payrollLines,
  payrolls,
  recordAudit,
  rowsOf,
} from '@planillas/db'
import { formatCount, formatMoney, XLSX_MIME } from '@planillas/domain'
import {
  addToTotals,
  BANK_FILE_MESSAGES,
  type BcpCheckedLine,
  bankName,
  bcpChecksumText,
  bcpDetailRecord,
  bcpFileContext,
  bcpHeaderRecord,
  bcpTotalsStart,
  checkBcpHeader,
  checkBcpLine,
  checkGenericCciHeader,
  checkGenericCciLine,
  encodeWindows1252,
  type FileTotals,
  GENERIC_CCI,
  type GenericCciCheckedLine,
  genericCciRow,
  type LineCheck,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  sameTotals,
  type TotalsPart,
} from '@planillas/domain/bank-files/index'
import { type CellValue, writeXlsx } from '@planillas/formats/xlsx-writer'
import type { FileStorage } from '@planillas/storage'
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

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
  payrollChanged:
    'Las líneas de la planilla cambiaron mientras se generaba el archivo (un abono, una confirmación o una corrección): no se guardó nada; vuelva a generarlo',
} as const

/** 'Fila 12: …' or the order's own problem as it is. */
export const problemText = (p: PaymentFileProblem) =>
  p.rowNumber === null ? p.message : `Fila ${p.rowNumber}: ${p.message}`

const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`

/**
 * Lines read per query, whatever the payroll's size. Small on purpose: a batch that lives through
 * several young-generation collections is promoted and piles up as old garbage (2,000 lines let the
 * heap's old space grow by some 60 MB per 100,000 lines; 500 keep it flat, docs/performance.md).
 */
export const LINE_BATCH = 500

type Line = PaymentFileLine & { id: string }

const l = alias(payrollLines, 'l')

/** One keyset batch on (payroll_id, row_number): the lines after `after`, in file order. */
async function readBatch(db: Database, payrollId: number, after: Line | null, size: number): Promise<Line[]> {
  // Hand-written rather than a query builder select: the builder's per-cell mapping cost a third of
  // the CPU time of 100,000 lines; ids and amounts come as text, exactly.
  const result = await db.execute(sql`
    select l.id::text as id, l.row_number as "rowNumber", l.identifier_type as "identifierType",
           l.identifier, l.full_name as "fullName", l.bank_code as "bankCode", l.bank_account as "bankAccount",
           l.bank_inter_account as "bankInterAccount", l.amount::text as amount, l.paid,
           ${awaitsReviewSql(l)} as "awaitingReview"
    from payroll_lines l
    where l.payroll_id = ${payrollId}
      ${after ? sql`and l.row_number >= ${after.rowNumber} and (l.row_number > ${after.rowNumber} or l.id > ${after.id}::bigint)` : sql``}
    order by l.row_number, l.id
    limit ${size}`)
  return rowsOf<Line>(result)
}

/**
 * The payroll's lines in file order (row number, then id), one keyset batch at a time: memory holds
 * two batches (the one being used and the next, read meanwhile), never the payroll.
 */
async function* lineBatches(db: Database, payrollId: number, size = LINE_BATCH): AsyncGenerator<Line[]> {
  const read = (after: Line | null) => {
    const batch = readBatch(db, payrollId, after, size)
    // A consumer that stops early (a changed payroll) leaves the read ahead unused: not a crash.
    batch.catch(() => undefined)
    return batch
  }
  let next = read(null)
  for (;;) {
    const rows = await next
    const full = rows.length === size
    if (full) next = read(rows[rows.length - 1])
    if (rows.length) yield rows
    if (!full) return
  }
}

/** A format as the streamed generation drives it: checks, totals, and a writer fed checked lines. */
export type StreamedFormat<C extends TotalsPart> = {
  checkHeader(header: PaymentFileHeader): PaymentFileProblem[]
  checkLine(line: PaymentFileLine): LineCheck<C>
  totalsStart(header: PaymentFileHeader): FileTotals
  /** The checksum the order records, or null when the format has none. */
  checksumText(totals: FileTotals): string | null
  /** Writes the file to `out` (and ends it); `totals` are pass 1's, for a header that goes first. */
  write(out: Writable, totals: FileTotals, lines: AsyncIterable<CheckedBatch<C>>): Promise<void>
}

export type CheckedBatch<C> = { line: PaymentFileLine; checked: C }[]

export type FormatContext = { header: PaymentFileHeader; companyName: string }

/** The store closed the stream under the writer: the store's own error is the one to report. */
class StoreClosedError extends Error {
  constructor() {
    super('El almacenamiento cerró el archivo')
  }
}

/** Waits until `out` takes more, or fails when it was closed (the store gave up). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      if (out.destroyed) reject(new StoreClosedError())
      else resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}

async function push(out: Writable, bytes: Uint8Array) {
  if (out.destroyed) throw new StoreClosedError()
  if (!out.write(bytes)) await drained(out)
}

export function bcpFormat({ header, companyName }: FormatContext): StreamedFormat<BcpCheckedLine> {
  const context = bcpFileContext(header, { companyReference: companyName })
  return {
    checkHeader: checkBcpHeader,
    checkLine: checkBcpLine,
    totalsStart: bcpTotalsStart,
    checksumText: bcpChecksumText,
    async write(out, totals, lines) {
      // Windows-1252, CRLF after every record; the header first, from pass 1's totals.
      await push(out, encodeWindows1252(`${bcpHeaderRecord(header, context, totals)}\r\n`))
      for await (const batch of lines) {
        let text = ''
        for (const { line, checked } of batch) text += `${bcpDetailRecord(line, checked, context)}\r\n`
        await push(out, encodeWindows1252(text))
      }
      out.end()
    },
  }
}

export function genericCciFormat({ header }: FormatContext): StreamedFormat<GenericCciCheckedLine> {
  const reference = bankName(header.reference)
  return {
    checkHeader: checkGenericCciHeader,
    checkLine: checkGenericCciLine,
    totalsStart: () => ({ count: 0, totalCents: 0n, checksum: 0n }),
    checksumText: () => null,
    async write(out, _totals, lines) {
      async function* rows(): AsyncIterable<CellValue[][]> {
        for await (const batch of lines)
          yield batch.map(({ line, checked }) => genericCciRow(line, checked, reference))
      }
      await writeXlsx(out, {
        name: 'Transferencias',
        columns: GENERIC_CCI.columns.map((header, i) => ({
          header,
          width: GENERIC_CCI_WIDTHS[i],
          // 'Monto' shows its two decimals (1500.00), without separators a portal could misread.
          format: header === 'Monto' ? 'amount' : undefined,
        })),
        rows: rows(),
      })
    },
  }
}

const GENERIC_CCI_WIDTHS = [20, 20, 40, 24, 8, 14, 30]

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

export type StoredFile = { key: string; size: number; sha256: string }

/**
 * Streams what `write` produces into the store, hashing and counting the bytes on the way. A
 * failing writer destroys the stream, so the store keeps nothing; its error is the one thrown.
 */
export async function storeStreamed(
  storage: FileStorage,
  meta: { name: string; contentType: string },
  write: (out: Writable) => Promise<void>,
): Promise<StoredFile> {
  const hash = createHash('sha256')
  let size = 0
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
  })
  // The stream's error reaches the caller through `writeError` or the store's rejection; without a
  // listener, a writer failing before the store has attached its pipeline (it creates its folder
  // first) would be an uncaught exception that ends the process.
  out.on('error', () => undefined)
  const stored = storage.put(out, meta)
  let writeError: unknown = null
  const writing = write(out).catch((error: unknown) => {
    writeError = error
    out.destroy(error as Error)
  })
  let key: string
  try {
    key = await stored
  } catch (error) {
    // The writer's own failure (the payroll changed) is the cause; else the store's (a full or
    // read-only disk), which the writer only saw as its stream closing.
    throw writeError && !(writeError instanceof StoreClosedError) ? writeError : error
  }
  await writing
  if (writeError) throw writeError
  return { key, size, sha256: hash.digest('hex') }
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
  options: { batchSize?: number } = {},
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
  if (account?.account.status !== 1)
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
  const context = { header, companyName: account.company.name }
  const target = { payroll, account: account.account, header }
  const batchSize = options.batchSize ?? LINE_BATCH
  return request.format === 'BCP'
    ? generateWith(db, storage, request, actor, target, bcpFormat(context), batchSize)
    : generateWith(db, storage, request, actor, target, genericCciFormat(context), batchSize)
}

type Target = {
  payroll: typeof payrolls.$inferSelect
  account: typeof companyBankAccounts.$inferSelect
  header: PaymentFileHeader
}

async function generateWith<C extends TotalsPart>(
  db: Database,
  storage: FileStorage,
  request: OrderRequest,
  actor: string,
  { payroll, account, header }: Target,
  format: StreamedFormat<C>,
  batchSize: number,
): Promise<GenerateResult> {
  // Pass 1: every problem, with its line; the totals the header needs.
  const problems = format.checkHeader(header)
  const lineProblems: PaymentFileProblem[] = []
  let totals = format.totalsStart(header)
  let read = 0
  for await (const batch of lineBatches(db, payroll.id, batchSize)) {
    read += batch.length
    for (const line of batch) {
      const result = format.checkLine(line)
      for (const message of result.problems) lineProblems.push({ rowNumber: line.rowNumber, message })
      if (result.checked) totals = addToTotals(totals, result.checked)
    }
  }
  if (read === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  problems.push(...lineProblems)
  if (problems.length) return { ok: false, problems }

  // Pass 2: the file, streamed into the store.
  const meta = PAYMENT_FORMATS[request.format]
  const fileName = `pago-${payroll.code}-${request.format.toLowerCase()}-${request.paymentDate}.${meta.extension}`
  let file: StoredFile
  try {
    file = await storeStreamed(storage, { name: fileName, contentType: meta.contentType }, (out) =>
      format.write(
        out,
        totals,
        recheckedBatches(lineBatches(db, payroll.id, batchSize), format, format.totalsStart(header), totals),
      ),
    )
  } catch (error) {
    if (error instanceof PayrollChangedError)
      return { ok: false, problems: [{ rowNumber: null, message: ORDER_MESSAGES.payrollChanged }] }
    throw error
  }
  const totalAmount = centsText(totals.totalCents)
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        payrollId: payroll.id,
        companyAccountId: account.id,
        format: request.format,
        paymentDate: request.paymentDate,
        reference: request.reference,
        lineCount: totals.count,
        totalAmount,
        checksum: format.checksumText(totals),
        fileKey: file.key,
        fileName,
        fileSize: file.size,
        sha256: file.sha256,
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
      description: `Generó el archivo de pago ${request.format} #${order.id} de la planilla ${payroll.code}: ${formatCount(totals.count)} abonos, ${formatMoney(totalAmount)}, cuenta de cargo ${account.account}`,
    })
    return order.id
  })
  return { ok: true, id, lineCount: totals.count, totalAmount }
}

/** When the payroll's latest payment file was generated: its lines are 'enviado' from then on. */
export async function lastOrderAt(db: Database, payrollId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${paymentOrders.createdAt})` })
    .from(paymentOrders)
    .where(eq(paymentOrders.payrollId, payrollId))
  return row?.at ? new Date(row.at) : null
}
