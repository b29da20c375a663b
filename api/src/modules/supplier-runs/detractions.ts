import { createHash } from 'node:crypto'
import {
  type companies,
  detractionFiles,
  detractionLotCounters,
  type Executor,
  type paymentVouchers,
  type suppliers,
  violatedConstraint,
} from '@planillas/db'
import {
  type BnDetraccionLine,
  bnLote,
  checkBnDetraccionesFile,
  type PaymentFileProblem,
  writeBnDetracciones,
} from '@planillas/domain/bank-files'
import type { FileStorage } from '@planillas/storage'
import { sql } from 'drizzle-orm'

export const BN_CONTENT_TYPE = 'text/plain; charset=windows-1252'

export type DetractionVoucher = {
  voucher: Pick<
    typeof paymentVouchers.$inferSelect,
    'spotCode' | 'detractionCents' | 'issueDate' | 'type' | 'series' | 'number'
  >
  supplier: Pick<typeof suppliers.$inferSelect, 'ruc' | 'detractionAccount'>
}

/** The BN file's lines: one per voucher with a detracción to deposit, in the run's order. */
export function detractionLines(vouchers: readonly DetractionVoucher[]): BnDetraccionLine[] {
  return vouchers.map(({ voucher, supplier }, i) => ({
    rowNumber: i + 1,
    supplierRuc: supplier.ruc,
    code: voucher.spotCode ?? '',
    account: supplier.detractionAccount ?? '',
    amountCents: voucher.detractionCents,
    // The tax period of the operation: the voucher's month of issue.
    period: voucher.issueDate.slice(0, 7),
    voucherType: voucher.type,
    series: voucher.series,
    number: voucher.number,
  }))
}

/** Every problem the BN file of these vouchers would have, before any lote is taken. */
export function detractionProblems(
  company: typeof companies.$inferSelect,
  vouchers: readonly DetractionVoucher[],
): PaymentFileProblem[] {
  if (!vouchers.length) return []
  const result = writeBnDetracciones({
    payer: { ruc: company.ruc, name: company.name },
    // Any valid lote: the real one is taken in the run's transaction.
    lote: bnLote(2000, 1),
    lines: detractionLines(vouchers),
  })
  return result.ok ? [] : result.problems
}

export type DetractionFileWritten = {
  lot: string
  lineCount: number
  totalCents: number
  fileName: string
  fileSize: number
  sha256: string
  fileKey: string
}

/** SQLSTATE 23514: a check constraint refused the row. */
const CHECK_VIOLATION = '23514'

export const RUN_LOT_MESSAGE = (year: number) =>
  `La empresa ya usó los 9,999 lotes de detracciones del año ${year} que admite el archivo del Banco de la Nación`

/** The run's lote would pass 9999 in a year: the bank's AANNNN has four digits for it. */
export class LotsExhaustedError extends Error {}

/**
 * In the run's transaction: takes the company's next lote of the payment date's year (the counter
 * row stays locked until the run commits, so two runs never get the same lote and a run that is
 * rolled back uses none), writes the Banco de la Nación file, re-reads it line by line as the bank
 * will, stores it and records it with its totals and SHA-256. Null when nothing is to be deposited.
 */
export async function writeDetractionFile(
  tx: Executor,
  storage: FileStorage,
  input: {
    orderId: number
    company: typeof companies.$inferSelect
    paymentDate: string
    vouchers: readonly DetractionVoucher[]
    actor: string
  },
): Promise<DetractionFileWritten | null> {
  if (!input.vouchers.length) return null
  const year = Number(input.paymentDate.slice(0, 4))
  const [counter] = await tx
    .insert(detractionLotCounters)
    .values({ companyId: input.company.id, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [detractionLotCounters.companyId, detractionLotCounters.year],
      set: { lastNumber: sql`${detractionLotCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: detractionLotCounters.lastNumber })
    .catch((error: unknown) => {
      if (violatedConstraint(error, [CHECK_VIOLATION]) === 'detraction_lot_counters_number_check')
        throw new LotsExhaustedError(RUN_LOT_MESSAGE(year))
      throw error
    })
  const lot = bnLote(year, counter.lastNumber)
  const file = writeBnDetracciones({
    payer: { ruc: input.company.ruc, name: input.company.name },
    lote: lot,
    lines: detractionLines(input.vouchers),
  })
  // Checked before the transaction (detractionProblems): a problem here is a bug, not the clerk's.
  if (!file.ok)
    throw new Error(`Archivo de detracciones inválido: ${file.problems.map((p) => p.message).join('; ')}`)
  const reread = checkBnDetraccionesFile(file.bytes, { lineCount: file.lineCount, fileName: file.fileName })
  if (reread.problems.length || reread.summary?.totalCents !== file.totalCents)
    throw new Error(`El archivo de detracciones no pasó su relectura: ${reread.problems.join('; ')}`)
  const sha256 = createHash('sha256').update(file.bytes).digest('hex')
  const fileKey = await storage.put(Buffer.from(file.bytes), {
    name: file.fileName,
    contentType: BN_CONTENT_TYPE,
  })
  const written: DetractionFileWritten = {
    lot,
    lineCount: file.lineCount,
    totalCents: file.totalCents,
    fileName: file.fileName,
    fileSize: file.bytes.length,
    sha256,
    fileKey,
  }
  try {
    await tx.insert(detractionFiles).values({
      orderId: input.orderId,
      companyId: input.company.id,
      year,
      lotNumber: counter.lastNumber,
      lot,
      lineCount: file.lineCount,
      totalCents: file.totalCents,
      fileKey,
      fileName: file.fileName,
      fileSize: written.fileSize,
      sha256,
      createdBy: input.actor,
    })
  } catch (error) {
    await storage.delete(fileKey).catch(() => undefined)
    throw error
  }
  return written
}
