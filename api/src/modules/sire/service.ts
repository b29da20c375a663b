import { companies, type Database, suppliers, paymentVouchers as v } from '@planillas/db'
import {
  decodeDownload,
  type RegisteredVoucher,
  readSireProposal,
  reconcileSire,
  type SireLine,
  type SireReconciliation,
} from '@planillas/domain'
import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'
import { voucherOfSupplier } from '../vouchers/columns'

/** The most lines an answer lists (the Excel has them all); the counts cover every one. */
export const SIRE_LISTED = 500

export const SIRE_API_MESSAGES = {
  company: 'La empresa seleccionada no existe',
} as const

/** Lets other requests run between slices of a long read (the API's event loop is one thread). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** 'AAAAMM' → its first day and the next month's, as ISO dates. */
function monthOf(period: string) {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4))
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return { from: `${year}-${period.slice(4)}-01`, to: next }
}

/**
 * The SIRE purchase proposal of one company and period against its vouchers (docs/decisions/
 * sire-proposal.md): the file read by its header's names (a malformed one refused whole, 400, its
 * problems named by row), the company's vouchers issued in the period and those of the file's
 * suppliers and series read in one query, and every comprobante given its outcome. Nothing is
 * stored and nothing changes: reads are not audited in this product.
 */
export async function reconcileProposal(
  db: Database,
  input: { companyId: number; period: string; bytes: Uint8Array },
): Promise<{ result: Omit<SireReconciliation, 'lines'>; lines: SireLine[] }> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.companyId))
  if (!company) throw badRequest(SIRE_API_MESSAGES.company)
  const read = await readSireProposal(decodeDownload(input.bytes), { pause: nextTurn })
  if (read.problems.length)
    throw badRequest(
      read.problems.map((p) => (p.rowNumber ? `Fila ${p.rowNumber}: ${p.message}` : p.message)),
    )
  const { from, to } = monthOf(input.period)
  const rucs = [...new Set(read.rows.map((r) => r.supplierId))]
  const series = [...new Set(read.rows.map((r) => r.series))]
  // One parameter each however many rows: an IN list of thousands overflows the protocol.
  const registered: RegisteredVoucher[] = await db
    .select({
      id: v.id,
      ...voucherOfSupplier,
      currency: v.currency,
      igvCents: v.igvCents,
      totalCents: v.totalCents,
      status: v.status,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .where(
      and(
        eq(v.companyId, input.companyId),
        or(
          and(gte(v.issueDate, from), lt(v.issueDate, to)),
          and(
            sql`${suppliers.ruc} = any(${sql.param(rucs)}::text[])`,
            sql`${v.series} = any(${sql.param(series)}::text[])`,
          ),
        ),
      ),
    )
  await nextTurn()
  const { counts, lines } = reconcileSire({
    period: input.period,
    rows: read.rows,
    registered,
    excludedCount: read.excluded.length,
  })
  return { result: { companyId: input.companyId, period: input.period, counts, total: lines.length }, lines }
}
