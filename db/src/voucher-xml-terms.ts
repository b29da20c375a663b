import { type DeclaredTerms, instalmentNumber } from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import type { Executor } from './executor'
import { voucherXmlInstalments, voucherXmlTerms } from './schema/vouchers'

/**
 * Stores what a voucher's XML declared (its detracción block, form of payment and instalments) in
 * the caller's transaction: 'Registrar comprobante', 'Adjuntar' and a ZIP's 'Carga de comprobantes'
 * all write it beside the voucher (docs/decisions/cpe-xml.md). Nothing declared: nothing written.
 */
export async function recordXmlTerms(
  tx: Executor,
  voucherId: number,
  terms: DeclaredTerms | null,
  actor: string,
) {
  if (!terms) return
  const d = terms.detraction
  await tx.insert(voucherXmlTerms).values({
    voucherId,
    spotCode: d?.spotCode ?? null,
    detractionRateBp: d?.percentBp ?? null,
    detractionCents: d?.amountCents ?? null,
    detractionAccount: d?.account ?? null,
    paymentMeansCode: d?.meansCode ?? null,
    paymentForm: terms.paymentForm?.kind ?? null,
    creditCents: terms.paymentForm?.kind === 'Credito' ? terms.paymentForm.amountCents : null,
    createdBy: actor,
  })
  if (terms.instalments.length)
    await tx.insert(voucherXmlInstalments).values(
      terms.instalments.map((i) => ({
        voucherId,
        number: instalmentNumber(i.label),
        amountCents: i.amountCents,
        dueDate: i.dueDate,
        createdBy: actor,
      })),
    )
}

/** A voucher's declared terms as stored; null when its XML declared none (or it has no XML). */
export async function xmlTermsOf(db: Executor, voucherId: number): Promise<DeclaredTerms | null> {
  const [row] = await db.select().from(voucherXmlTerms).where(eq(voucherXmlTerms.voucherId, voucherId))
  if (!row) return null
  const instalments = await db
    .select()
    .from(voucherXmlInstalments)
    .where(eq(voucherXmlInstalments.voucherId, voucherId))
    .orderBy(asc(voucherXmlInstalments.number))
  const declaresDetraction =
    row.spotCode !== null ||
    row.detractionRateBp !== null ||
    row.detractionCents !== null ||
    row.detractionAccount !== null ||
    row.paymentMeansCode !== null
  return {
    detraction: declaresDetraction
      ? {
          spotCode: row.spotCode,
          percentBp: row.detractionRateBp,
          amountCents: row.detractionCents,
          account: row.detractionAccount,
          meansCode: row.paymentMeansCode,
        }
      : null,
    paymentForm:
      row.paymentForm === 'Contado' || row.paymentForm === 'Credito'
        ? { kind: row.paymentForm, amountCents: row.creditCents }
        : null,
    instalments: instalments.map((i) => ({
      label: `Cuota${String(i.number).padStart(3, '0')}`,
      amountCents: i.amountCents,
      dueDate: i.dueDate,
    })),
  }
}
