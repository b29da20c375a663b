import {
  companies,
  type Database,
  retentionReceiptDocuments as d,
  retentionReceipts as r,
  recordAudit,
  suppliers,
} from '@planillas/db'
import {
  CRE_STATUS,
  type Cre,
  type CreAnnulInput,
  type CreListQuery,
  type CreRow,
  type CreSendInput,
  creNumber,
  creSendDeadline,
  creSendOverdue,
  creStatusLabel,
  formatDate,
  CRE_MESSAGES as M,
  todayInLima,
} from '@planillas/domain'
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { badRequest, conflict, found } from '../../lib/errors'
import { spanish } from '../../lists/paging'

const monthOf = (period: string) =>
  sql`${r.issueDate} >= to_date(${period}, 'YYYYMM') and ${r.issueDate} < to_date(${period}, 'YYYYMM') + interval '1 month'`

/** The CREs issued in a month (AAAAMM), optionally of one state, in series-number order. */
export async function listRetentionReceipts(db: Database, query: CreListQuery): Promise<CreRow[]> {
  const today = todayInLima()
  const rows = await db
    .select({
      id: r.id,
      companyId: r.companyId,
      companyName: companies.name,
      series: r.series,
      number: r.number,
      issueDate: r.issueDate,
      supplierRuc: suppliers.ruc,
      supplierName: suppliers.name,
      orderId: r.orderId,
      documentCount: sql<number>`(select count(*)::int from ${d} where ${d.receiptId} = ${r.id})`,
      // A document in dollars names its currency and the rate that turned its payment into soles:
      // '01 F001-7 (USD, T.C. 3.790)'.
      documents: sql<
        string[]
      >`(select coalesce(array_agg(${d.type} || ' ' || ${d.series} || '-' || ${d.number} || case when ${d.exchangeRateMilli} is null then '' else ' (' || ${d.currency} || ', T.C. ' || to_char(${d.exchangeRateMilli} / 1000.0, 'FM990.000') || ')' end order by ${d.voucherId}), '{}') from ${d} where ${d.receiptId} = ${r.id})`,
      paidCents: r.paidCents,
      retentionCents: r.retentionCents,
      netCents: r.netCents,
      status: r.status,
      sentOn: r.sentOn,
      annulReason: r.annulReason,
    })
    .from(r)
    .innerJoin(companies, eq(companies.id, r.companyId))
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .where(and(monthOf(query.period), query.status ? eq(r.status, query.status) : undefined))
    .orderBy(asc(spanish(companies.name)), asc(r.series), asc(r.number))
  return rows.map((row) => ({
    ...row,
    sendDeadline: creSendDeadline(row.issueDate),
    overdue: row.status === CRE_STATUS.PENDING && creSendOverdue(row.issueDate, today),
  }))
}

/**
 * CREs as the XML and the PDT 626 file read them, in series-number order: the receipts with their
 * agent and supplier in one query, all their related documents in a second.
 */
async function retentionReceiptsWhere(db: Database, where: SQL | undefined): Promise<Cre[]> {
  const rows = await db
    .select({
      receipt: r,
      agent: { ruc: companies.ruc, name: companies.name, address: companies.address },
      supplier: { ruc: suppliers.ruc, name: suppliers.name },
    })
    .from(r)
    .innerJoin(companies, eq(companies.id, r.companyId))
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .where(where)
    .orderBy(asc(r.series), asc(r.number))
  if (rows.length === 0) return []
  const documents = await db
    .select()
    .from(d)
    .where(
      inArray(
        d.receiptId,
        rows.map((row) => row.receipt.id),
      ),
    )
    .orderBy(asc(d.receiptId), asc(d.voucherId))
  const byReceipt = new Map<number, Cre['documents'][number][]>()
  for (const { receiptId, ...doc } of documents)
    byReceipt.set(receiptId, [...(byReceipt.get(receiptId) ?? []), doc])
  return rows.map(({ receipt, agent, supplier }) => ({
    series: receipt.series,
    number: receipt.number,
    issueDate: receipt.issueDate,
    agent,
    supplier,
    regime: receipt.regime,
    rateBp: receipt.rateBp,
    paidCents: receipt.paidCents,
    retentionCents: receipt.retentionCents,
    netCents: receipt.netCents,
    documents: byReceipt.get(receipt.id) ?? [],
  }))
}

/** One CRE (its XML); a 404 when there is none. */
export async function retentionReceipt(db: Database, id: number): Promise<Cre> {
  return found((await retentionReceiptsWhere(db, eq(r.id, id)))[0])
}

/** The company's CREs of a month that are not ANULADO, in series-number order (the PDT 626 file). */
export async function monthRetentionReceipts(db: Database, companyId: number, period: string) {
  const [company] = await db.select({ ruc: companies.ruc }).from(companies).where(eq(companies.id, companyId))
  if (!company) throw badRequest('La empresa no existe')
  const cres = await retentionReceiptsWhere(
    db,
    and(eq(r.companyId, companyId), monthOf(period), ne(r.status, CRE_STATUS.ANNULLED)),
  )
  return { ruc: company.ruc, cres }
}

/**
 * One step of a CRE's life, like a voucher's: in one transaction, the step's checks on the CRE as
 * read, a conditional update (`where status = <the status read>`) and its audit entry; a CRE that
 * changed meanwhile is a 409 naming its new state.
 */
async function applyCreStep(
  db: Database,
  actor: string,
  id: number,
  step: (receipt: typeof r.$inferSelect) => { columns: Partial<typeof r.$inferInsert>; audit: string },
) {
  return db.transaction(async (tx) => {
    const receipt = found((await tx.select().from(r).where(eq(r.id, id)))[0])
    const { columns, audit } = step(receipt)
    const moved = await tx
      .update(r)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(r.id, id), eq(r.status, receipt.status)))
      .returning({ id: r.id })
    if (moved.length === 0) {
      const [now] = await tx.select({ status: r.status }).from(r).where(eq(r.id, id))
      throw conflict(M.changedMeanwhile(now?.status ?? 0))
    }
    const to = columns.status ?? receipt.status
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'retention-receipts',
      entityId: id,
      actor,
      description: `${audit} (${creStatusLabel(receipt.status).toUpperCase()} → ${creStatusLabel(to).toUpperCase()})`,
    })
  })
}

/** 'Marcar enviado': a PENDIENTE CRE reached SUNAT or the OSE on that day. */
export function sendRetentionReceipt(db: Database, actor: string, id: number, input: CreSendInput) {
  return applyCreStep(db, actor, id, (receipt) => {
    if (receipt.status !== CRE_STATUS.PENDING) throw conflict(M.notPending(receipt.status))
    if (input.sentOn < receipt.issueDate) throw badRequest(M.sentOnBeforeIssue(receipt.issueDate))
    const late = input.sentOn > creSendDeadline(receipt.issueDate)
    return {
      columns: { status: CRE_STATUS.SENT, sentOn: input.sentOn, sentBy: actor, sentAt: new Date() },
      audit:
        `Marcó como enviado el comprobante de retención ${creNumber(receipt.series, receipt.number)} el ${formatDate(input.sentOn)}` +
        (late ? ` (fuera del plazo, que venció el ${formatDate(creSendDeadline(receipt.issueDate))})` : ''),
    }
  })
}

/**
 * 'Anular' (reversión, art. 7 R.S. 274-2015): the CRE stays with its number, marked ANULADO with the
 * reason, who and when; the number is never given again and it leaves the PDT 626 file.
 */
export function annulRetentionReceipt(db: Database, actor: string, id: number, input: CreAnnulInput) {
  return applyCreStep(db, actor, id, (receipt) => {
    if (receipt.status === CRE_STATUS.ANNULLED) throw conflict(M.alreadyAnnulled)
    return {
      columns: {
        status: CRE_STATUS.ANNULLED,
        annulReason: input.reason,
        annulledBy: actor,
        annulledAt: new Date(),
      },
      audit: `Anuló el comprobante de retención ${creNumber(receipt.series, receipt.number)}: ${input.reason}`,
    }
  })
}
