import {
  companies,
  type Database,
  expenseLines,
  recordAudit,
  recordXmlTerms,
  suppliers,
  paymentVouchers as v,
  voucherFiles,
} from '@planillas/db'
import {
  CREDIT_NOTE,
  type DeclaredTerms,
  formatCents,
  VOUCHER_MESSAGES as M,
  periodOfDay,
  VOUCHER_STATUS,
  type VoucherInput,
  voucherNumber,
  voucherType,
} from '@planillas/domain'
import type { FileStorage } from '@planillas/storage'
import { and, eq, isNull } from 'drizzle-orm'
import { badRequest, withUniqueMessages } from '../../lib/errors'
import type { UploadedFile } from './form'

export const VOUCHER_UNIQUE_MESSAGES = { payment_vouchers_number_unique: M.duplicate }

export type VoucherContext = { db: Database; storage: FileStorage; actor: string }

type Stored = { kind: 'pdf' | 'xml' | 'sustento'; key: string; file: UploadedFile }

/** Stores the files first (a failed write stores nothing), so the transaction only records them. */
export async function storeFiles(storage: FileStorage, files: [Stored['kind'], UploadedFile | undefined][]) {
  const stored: Stored[] = []
  try {
    for (const [kind, file] of files) {
      if (!file) continue
      const key = await storage.put(file.content, { name: file.name, contentType: file.contentType })
      stored.push({ kind, key, file })
    }
  } catch (error) {
    await removeFiles(storage, stored)
    throw error
  }
  return stored
}

export const removeFiles = async (storage: FileStorage, stored: Stored[]) => {
  for (const s of stored) await storage.delete(s.key).catch(() => {})
}

export const fileRows = (voucherId: number, stored: Stored[], actor: string) =>
  stored.map((s) => ({
    voucherId,
    kind: s.kind,
    storageKey: s.key,
    name: s.file.name,
    contentType: s.file.contentType,
    size: s.file.content.length,
    createdBy: actor,
  }))

/**
 * 'Registrar comprobante': the voucher REGISTRADO with its PDF (and XML, with what it declared), and
 * its audit entry, in one transaction. A nota de crédito that references a RECHAZADO voucher frees that voucher's
 * series-number in the same transaction (the specification: 'a rejected voucher needs a credit note to free the
 * payment ID'); the database lets only such a credit note free it. A repeated series-number is the
 * unique index's 400, even when two clerks register the same voucher at once.
 */
export async function registerVoucher(
  ctx: VoucherContext,
  input: VoucherInput,
  files: { pdf: UploadedFile; xml?: UploadedFile },
  /** What the attached XML declared (detracción, form of payment, instalments), stored with it. */
  declared: DeclaredTerms | null = null,
): Promise<number> {
  await checkReferences(ctx.db, input)
  const stored = await storeFiles(ctx.storage, [
    ['pdf', files.pdf],
    ['xml', files.xml],
  ])
  try {
    return await withUniqueMessages(
      () =>
        ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(v)
            .values({
              companyId: input.companyId,
              supplierId: input.supplierId,
              type: input.type,
              series: input.series,
              number: input.number,
              issueDate: input.issueDate,
              recordingPeriod: input.recordingPeriod ?? periodOfDay(input.issueDate),
              dueDate: input.dueDate,
              currency: input.currency,
              baseCents: input.base,
              igvCents: input.igv,
              totalCents: input.total,
              description: input.description,
              expenseLineId: input.expenseLineId,
              creditsVoucherId: input.creditsVoucherId ?? null,
              createdBy: ctx.actor,
            })
            .returning({ id: v.id })
          await tx.insert(voucherFiles).values(fileRows(row.id, stored, ctx.actor))
          await recordXmlTerms(tx, row.id, declared, ctx.actor)
          const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, input.supplierId))
          const label = `${voucherType[input.type]} ${voucherNumber(input.series, input.number)}`
          await recordAudit(tx, {
            action: 'CREATE',
            entity: 'payments',
            entityId: row.id,
            actor: ctx.actor,
            description: `Registró el comprobante ${label} de ${supplier.name} (RUC ${supplier.ruc}) por ${formatCents(input.total)}`,
          })
          if (input.type === CREDIT_NOTE && input.creditsVoucherId) {
            const [freed] = await tx
              .update(v)
              .set({ freedByCreditNoteId: row.id })
              .where(
                and(
                  eq(v.id, input.creditsVoucherId),
                  eq(v.status, VOUCHER_STATUS.REJECTED),
                  isNull(v.freedByCreditNoteId),
                ),
              )
              .returning({ id: v.id, type: v.type, series: v.series, number: v.number })
            if (freed)
              await recordAudit(tx, {
                action: 'UPDATE',
                entity: 'payments',
                entityId: freed.id,
                actor: ctx.actor,
                description: `Liberó el número del comprobante rechazado ${voucherType[freed.type as keyof typeof voucherType]} ${voucherNumber(freed.series, freed.number)} con la nota de crédito ${voucherNumber(input.series, input.number)}`,
              })
          }
          return row.id
        }),
      VOUCHER_UNIQUE_MESSAGES,
    )
  } catch (error) {
    await removeFiles(ctx.storage, stored)
    throw error
  }
}

/** The company, an active supplier, an active expense line; a credit note's voucher of the same supplier. */
async function checkReferences(db: Database, input: VoucherInput) {
  const problems: string[] = []
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.companyId))
  if (!company) problems.push('Empresa inválida')
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, input.supplierId))
  if (!supplier) problems.push('Proveedor inválido')
  else if (supplier.status !== 1) problems.push(M.supplierSuspended)
  const [line] = await db.select().from(expenseLines).where(eq(expenseLines.id, input.expenseLineId))
  if (line?.status !== 1) problems.push('Línea de gasto inválida')
  if (input.creditsVoucherId) {
    const [credited] = await db.select().from(v).where(eq(v.id, input.creditsVoucherId))
    if (!credited) problems.push('Comprobante modificado inválido')
    else if (credited.supplierId !== input.supplierId) problems.push(M.creditedOtherSupplier)
    // Its amount lowers the credited voucher's retention base, which is in that voucher's currency.
    else if (credited.currency !== input.currency) problems.push(M.creditedOtherCurrency)
  }
  if (problems.length) throw badRequest(problems)
}
