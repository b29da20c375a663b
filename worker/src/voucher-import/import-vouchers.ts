import {
  type Database,
  expenseLines,
  recordAudit,
  recordXmlTerms,
  SYSTEM_ACTOR,
  suppliers,
  paymentVouchers as v,
  voucherBatches,
  voucherFiles,
} from '@planillas/db'
import {
  BATCH_STATUS,
  CREDIT_NOTE,
  checkVoucherRow,
  countOf,
  type DeclaredTerms,
  FILE_MESSAGES,
  formatCents,
  isBlankRow,
  periodOfDay,
  VOUCHER_ROW_MESSAGES as R,
  RECORD_STATUS,
  VOUCHER_LIMITS,
  VOUCHER_MESSAGES,
  VOUCHER_STATUS,
  type VoucherRowValues,
  voucherColumnHeader,
  voucherHeaderProblems,
  voucherNumber,
  voucherType,
} from '@planillas/domain'
import { XlsxFileError, type XlsxPackage } from '@planillas/formats/xlsx-package'
import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import { readSheetRows } from '../sheets/sheet-rows'
import type { ClaimedVoucherBatch, FileProblem } from './batch-store'

type Row = VoucherRowValues & { rowNumber: number }
/** A row ready to be registered: its references resolved. */
type Resolved = Row & { supplierId: number; expenseLineId: number; creditsVoucherId: number | null }

/**
 * Streams the vouchers sheet and checks every row on its own. A file that cannot serve at all
 * (wrong header, no rows, too many rows, hidden rows) throws `XlsxFileError` with the clerk's message.
 */
export async function readVoucherRows(
  pkg: XlsxPackage,
  onProgress: (rowsRead: number, fraction: number) => Promise<void>,
): Promise<{ rows: Row[]; problems: FileProblem[]; rowsRead: number }> {
  const total = Math.max(1, pkg.rowElements - 1)
  const inSheet = (message: string) =>
    pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
  const rows: Row[] = []
  const problems: FileProblem[] = []
  const hiddenRows: number[] = []
  let rowsRead = 0
  let header = true
  for await (const row of readSheetRows(pkg)) {
    if (isBlankRow(row.cells)) continue
    if (header) {
      header = false
      const texts = row.cells.map((c) => (c.kind === 'text' ? c.text : ''))
      const found = row.number === 1 ? voucherHeaderProblems(texts) : [FILE_MESSAGES.headerRowAt(row.number)]
      if (found.length) throw new XlsxFileError(inSheet(found.join('. ')))
      continue
    }
    if (++rowsRead > VOUCHER_LIMITS.maxRows) throw new XlsxFileError(voucherTooManyRows())
    // A clerk hides a row to leave it out: registering it would go against what the sheet shows.
    if (row.hidden) {
      hiddenRows.push(row.number)
      continue
    }
    const checked = checkVoucherRow(row.cells)
    for (const p of checked.problems) problems.push({ rowNumber: row.number, ...p })
    if (checked.values) rows.push({ ...checked.values, rowNumber: row.number })
    if (rowsRead % 500 === 0) await onProgress(rowsRead, rowsRead / total)
  }
  if (header) throw new XlsxFileError(inSheet(FILE_MESSAGES.empty))
  if (rowsRead === 0) throw new XlsxFileError(inSheet(FILE_MESSAGES.noDataRows))
  if (hiddenRows.length) throw new XlsxFileError(inSheet(FILE_MESSAGES.hiddenRows(hiddenRows)))
  return { rows, problems, rowsRead }
}

export const voucherTooManyRows = () =>
  `El archivo tiene más de ${VOUCHER_LIMITS.maxRows.toLocaleString('en-US')} filas de datos, el máximo permitido por carga de comprobantes`

const key = (supplierId: number | string, type: string, series: string, number: number) =>
  `${supplierId}|${type}|${series}|${number}`

/**
 * What the file's rows need from the database and from each other: an active supplier by RUC, an
 * active expense line by code or description, a type-series-number not repeated in the file nor
 * among the supplier's registered vouchers, and a credit note's voucher of the same supplier.
 * Every problem is returned; the rows are resolved only when there is none.
 */
export async function resolveRows(
  db: Database,
  rows: Row[],
): Promise<{ resolved: Resolved[]; problems: FileProblem[] }> {
  const problems: FileProblem[] = []
  const problem = (
    row: Row,
    column: Parameters<typeof voucherColumnHeader>[0],
    value: string,
    message: string,
  ) => problems.push({ rowNumber: row.rowNumber, column: voucherColumnHeader(column), value, message })

  const rucs = [...new Set(rows.map((r) => r.ruc))]
  const supplierRows = rucs.length
    ? await db
        .select({ id: suppliers.id, ruc: suppliers.ruc, status: suppliers.status })
        .from(suppliers)
        .where(inArray(suppliers.ruc, rucs))
    : []
  const supplierByRuc = new Map(supplierRows.map((s) => [s.ruc, s]))

  const lines = await db
    .select({ id: expenseLines.id, code: expenseLines.code, description: expenseLines.description })
    .from(expenseLines)
    .where(eq(expenseLines.status, RECORD_STATUS.ACTIVE))
  const lineByName = new Map<string, number>()
  for (const l of lines) {
    lineByName.set(l.code.toLowerCase(), l.id)
    lineByName.set(l.description.trim().toLowerCase(), l.id)
  }

  const supplierIds = supplierRows.map((s) => s.id)
  const registered = supplierIds.length
    ? await db
        .select({
          id: v.id,
          supplierId: v.supplierId,
          type: v.type,
          series: v.series,
          number: v.number,
          currency: v.currency,
        })
        .from(v)
        .where(and(inArray(v.supplierId, supplierIds), isNull(v.freedByCreditNoteId)))
    : []
  const taken = new Set(registered.map((r) => key(r.supplierId, r.type, r.series, r.number)))
  /** A credit note's voucher by supplier, series and number (any type but another credit note). */
  const creditable = new Map<string, { id: number; currency: string }>()
  for (const r of registered)
    if (r.type !== CREDIT_NOTE) creditable.set(`${r.supplierId}|${r.series}|${r.number}`, r)

  const firstRow = new Map<string, number>()
  const resolved: Resolved[] = []
  for (const row of rows) {
    const before = problems.length
    const supplier = supplierByRuc.get(row.ruc)
    if (!supplier) problem(row, 'ruc', row.ruc, R.supplierUnknown)
    else if (supplier.status !== RECORD_STATUS.ACTIVE)
      problem(row, 'ruc', row.ruc, VOUCHER_MESSAGES.supplierSuspended)
    const expenseLineId = lineByName.get(row.expenseLine.trim().toLowerCase())
    if (!expenseLineId) problem(row, 'expenseLine', row.expenseLine, R.expenseLineUnknown)
    const inFile = key(row.ruc, row.type, row.series, row.number)
    const earlier = firstRow.get(inFile)
    if (earlier) problem(row, 'number', String(row.number), R.repeated(earlier))
    else firstRow.set(inFile, row.rowNumber)
    if (supplier && taken.has(key(supplier.id, row.type, row.series, row.number)))
      problem(row, 'number', String(row.number), VOUCHER_MESSAGES.duplicate)
    let creditsVoucherId: number | null = null
    if (row.credited && supplier) {
      const found = creditable.get(`${supplier.id}|${row.credited.series}|${row.credited.number}`)
      const label = voucherNumber(row.credited.series, row.credited.number)
      if (!found) problem(row, 'credited', label, R.creditedUnknown)
      // Its amount lowers the credited voucher's retention base, in that voucher's currency.
      else if (found.currency !== row.currency)
        problem(row, 'credited', label, VOUCHER_MESSAGES.creditedOtherCurrency)
      else creditsVoucherId = found.id
    }
    if (problems.length === before && supplier && expenseLineId)
      resolved.push({ ...row, supplierId: supplier.id, expenseLineId, creditsVoucherId })
  }
  return { resolved, problems }
}

/** A voucher's file already stored (a ZIP's XML and PDF), recorded with the voucher. */
export type StoredAttachment = {
  kind: 'pdf' | 'xml'
  key: string
  name: string
  contentType: string
  size: number
}

/** The registration ran into a voucher registered meanwhile: nothing is written. */
export class WriteConflict extends Error {
  constructor(readonly row: Resolved) {
    super('voucher registered meanwhile')
  }
}

/**
 * Registers every voucher REGISTRADO in one transaction with one audit entry each and the batch's
 * own, and closes the batch PROCESADO; a credit note of a RECHAZADO voucher frees its number as
 * 'Registrar comprobante' does. Re-checks the batch under a row lock: false when another attempt
 * finished it (nothing written).
 */
export async function registerVouchers(
  db: Database,
  batch: ClaimedVoucherBatch,
  rows: Resolved[],
  rowsRead: number,
  /** Files stored for a row (by its row number): a ZIP's XML and PDF. */
  attachments?: Map<number, StoredAttachment[]>,
  /** What a ZIP's XML declared for a row (detracción, form of payment, instalments). */
  declared?: Map<number, DeclaredTerms | null>,
): Promise<boolean> {
  const actor = batch.createdBy ?? SYSTEM_ACTOR
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: voucherBatches.status })
      .from(voucherBatches)
      .where(eq(voucherBatches.id, batch.id))
      .for('update')
    if (current?.status !== BATCH_STATUS.PROCESSING) return false
    const supplierNames = new Map(
      (
        await tx
          .select({ id: suppliers.id, name: suppliers.name, ruc: suppliers.ruc })
          .from(suppliers)
          .where(inArray(suppliers.id, [...new Set(rows.map((r) => r.supplierId))]))
      ).map((s) => [s.id, s]),
    )
    let total = 0
    for (const row of rows) {
      const inserted = await tx
        .insert(v)
        .values({
          companyId: batch.companyId,
          supplierId: row.supplierId,
          type: row.type,
          series: row.series,
          number: row.number,
          issueDate: row.issueDate,
          recordingPeriod: row.recordingPeriod ?? periodOfDay(row.issueDate),
          dueDate: row.dueDate,
          currency: row.currency,
          baseCents: row.baseCents,
          igvCents: row.igvCents,
          totalCents: row.totalCents,
          description: row.description,
          expenseLineId: row.expenseLineId,
          creditsVoucherId: row.creditsVoucherId,
          createdBy: actor,
        })
        .onConflictDoNothing()
        .returning({ id: v.id })
      if (!inserted.length) throw new WriteConflict(row)
      const id = inserted[0].id
      total += row.totalCents
      const supplier = supplierNames.get(row.supplierId)
      const label = `${voucherType[row.type]} ${voucherNumber(row.series, row.number)}`
      const files = attachments?.get(row.rowNumber) ?? []
      if (files.length)
        await tx.insert(voucherFiles).values(
          files.map((f) => ({
            voucherId: id,
            kind: f.kind,
            storageKey: f.key,
            name: f.name,
            contentType: f.contentType,
            size: f.size,
            createdBy: actor,
          })),
        )
      await recordXmlTerms(tx, id, declared?.get(row.rowNumber) ?? null, actor)
      const withPdf = files.some((f) => f.kind === 'pdf')
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'payments',
        entityId: id,
        actor,
        description: `Registró el comprobante ${label} de ${supplier?.name} (RUC ${supplier?.ruc}) por ${formatCents(row.totalCents)} con la carga de comprobantes #${batch.id}${files.length ? (withPdf ? ', con su XML y su PDF' : ', con su XML, sin PDF') : ', sin PDF'}`,
      })
      if (row.type === CREDIT_NOTE && row.creditsVoucherId) {
        const [freed] = await tx
          .update(v)
          .set({ freedByCreditNoteId: id })
          .where(
            and(
              eq(v.id, row.creditsVoucherId),
              eq(v.status, VOUCHER_STATUS.REJECTED),
              isNull(v.freedByCreditNoteId),
              ne(v.id, id),
            ),
          )
          .returning({ id: v.id, type: v.type, series: v.series, number: v.number })
        if (freed)
          await recordAudit(tx, {
            action: 'UPDATE',
            entity: 'payments',
            entityId: freed.id,
            actor,
            description: `Liberó el número del comprobante rechazado ${voucherType[freed.type as keyof typeof voucherType]} ${voucherNumber(freed.series, freed.number)} con la nota de crédito ${voucherNumber(row.series, row.number)}`,
          })
      }
    }
    await tx
      .update(voucherBatches)
      .set({
        status: BATCH_STATUS.PROCESSED,
        progress: 100,
        rowsRead,
        errorCount: 0,
        voucherCount: rows.length,
        finishedAt: new Date(),
        attemptOpen: false,
      })
      .where(eq(voucherBatches.id, batch.id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'voucher_batches',
      entityId: batch.id,
      actor,
      description: `La carga de comprobantes #${batch.id} ('${batch.fileName}') registró ${countOf(rows.length, 'comprobante')} por ${formatCents(total)}${attachments ? ', con sus XML' : ', sin PDF'}`,
    })
    return true
  })
}
