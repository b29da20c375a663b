import {
  companies,
  type Database,
  retentionReceipts as r,
  recordAudit,
  retentionReversals as v,
  violatedConstraint,
} from '@planillas/db'
import {
  CRE_STATUS,
  type CreSendInput,
  creNumber,
  formatDate,
  REVERSAL_MESSAGES as M,
  REVERSAL_STATUS,
  type Reversal,
  type ReversalCreateInput,
  type ReversalList,
  reversalId,
  todayInLima,
} from '@planillas/domain'
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { badRequest, conflict, found } from '../../lib/errors'
import { spanish } from '../../lists/paging'

/**
 * The resumen diario de reversiones (docs/decisions/retention-receipts.md, 'Reversal'): a CRE
 * annulled after it was sent is reported in a summary of the day; one made before it reached SUNAT
 * or the OSE needs none.
 */

/** A sent CRE annulled afterwards and not yet reported. */
const toReport = and(eq(r.status, CRE_STATUS.ANNULLED), isNotNull(r.sentOn), isNull(r.reversalId))

/** What is still to report (every month) and the summaries made in the month. */
export async function reversalsOfMonth(db: Database, period: string): Promise<ReversalList> {
  const pendingRows = await db
    .select({
      id: r.id,
      companyId: r.companyId,
      companyName: companies.name,
      referenceDate: r.issueDate,
      series: r.series,
      number: r.number,
      reason: r.annulReason,
    })
    .from(r)
    .innerJoin(companies, eq(companies.id, r.companyId))
    .where(toReport)
    .orderBy(asc(spanish(companies.name)), asc(r.issueDate), asc(r.series), asc(r.number))
  const pending: ReversalList['pending'] = []
  for (const row of pendingRows) {
    let group = pending.at(-1)
    if (!group || group.companyId !== row.companyId || group.referenceDate !== row.referenceDate) {
      group = {
        companyId: row.companyId,
        companyName: row.companyName,
        referenceDate: row.referenceDate,
        receipts: [],
      }
      pending.push(group)
    }
    group.receipts.push({ id: row.id, series: row.series, number: row.number, reason: row.reason ?? '' })
  }
  const summaries = await db
    .select({
      id: v.id,
      companyId: v.companyId,
      companyName: companies.name,
      issueDate: v.issueDate,
      sequence: v.sequence,
      referenceDate: v.referenceDate,
      receipts: sql<
        string[]
      >`(select coalesce(array_agg(${r.series} || '-' || ${r.number} order by ${r.series}, ${r.number}), '{}') from ${r} where ${r.reversalId} = ${v.id})`,
      status: v.status,
      sentOn: v.sentOn,
      createdBy: v.createdBy,
    })
    .from(v)
    .innerJoin(companies, eq(companies.id, v.companyId))
    .where(
      sql`${v.issueDate} >= to_date(${period}, 'YYYYMM') and ${v.issueDate} < to_date(${period}, 'YYYYMM') + interval '1 month'`,
    )
    .orderBy(asc(v.issueDate), asc(spanish(companies.name)), asc(v.sequence))
  return {
    pending,
    summaries: summaries.map(({ sequence, ...s }) => ({ ...s, code: reversalId(s.issueDate, sequence) })),
  }
}

/**
 * 'Generar resumen de reversiones': today's next summary of the company (Lima), with every CRE it
 * issued on `referenceDate` that was sent and then annulled and is in no summary yet. One
 * transaction: the CREs are locked as read, so a second clerk at once finds them taken (409), and
 * the day's sequence is unique per company.
 */
export async function createReversal(db: Database, actor: string, input: ReversalCreateInput) {
  const issueDate = todayInLima()
  if (input.referenceDate > issueDate) throw badRequest(M.nothingToReport(formatDate(input.referenceDate)))
  try {
    return await db.transaction(async (tx) => {
      const receipts = await tx
        .select({ id: r.id, series: r.series, number: r.number })
        .from(r)
        .where(and(eq(r.companyId, input.companyId), eq(r.issueDate, input.referenceDate), toReport))
        .orderBy(asc(r.series), asc(r.number))
        .for('update')
      if (!receipts.length) throw conflict(M.nothingToReport(formatDate(input.referenceDate)))
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${v.sequence}), 0)::int + 1` })
        .from(v)
        .where(and(eq(v.companyId, input.companyId), eq(v.issueDate, issueDate)))
      const [summary] = await tx
        .insert(v)
        .values({
          companyId: input.companyId,
          issueDate,
          sequence: next,
          referenceDate: input.referenceDate,
          createdBy: actor,
        })
        .returning({ id: v.id })
      await tx
        .update(r)
        .set({ reversalId: summary.id, updatedAt: new Date() })
        .where(
          inArray(
            r.id,
            receipts.map((x) => x.id),
          ),
        )
      const code = reversalId(issueDate, next)
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'retention-reversals',
        entityId: summary.id,
        actor,
        description: `Generó el resumen de reversiones ${code} de los comprobantes de retención del ${formatDate(input.referenceDate)}: ${receipts.map((x) => creNumber(x.series, x.number)).join(', ')}`,
      })
      return { id: summary.id, code, count: receipts.length }
    })
  } catch (error) {
    if (violatedConstraint(error) === 'retention_reversals_sequence_unique')
      throw conflict(M.changedMeanwhile)
    throw error
  }
}

/** One summary as its XML reads it; a 404 when there is none. */
export async function reversal(db: Database, id: number): Promise<Reversal> {
  const [row] = await db
    .select({ summary: v, agent: { ruc: companies.ruc, name: companies.name } })
    .from(v)
    .innerJoin(companies, eq(companies.id, v.companyId))
    .where(eq(v.id, id))
  const { summary, agent } = found(row)
  const lines = await db
    .select({ series: r.series, number: r.number, reason: r.annulReason })
    .from(r)
    .where(eq(r.reversalId, id))
    .orderBy(asc(r.series), asc(r.number))
  return {
    issueDate: summary.issueDate,
    sequence: summary.sequence,
    referenceDate: summary.referenceDate,
    agent,
    lines: lines.map((l) => ({ ...l, reason: l.reason ?? '' })),
  }
}

/** 'Marcar enviado': the summary reached SUNAT or the OSE on that day (conditional, audited). */
export async function sendReversal(db: Database, actor: string, id: number, input: CreSendInput) {
  return db.transaction(async (tx) => {
    const summary = found((await tx.select().from(v).where(eq(v.id, id)))[0])
    if (summary.status !== REVERSAL_STATUS.PENDING) throw conflict(M.notPending)
    if (input.sentOn < summary.issueDate) throw badRequest(M.sentOnBeforeIssue(formatDate(summary.issueDate)))
    const moved = await tx
      .update(v)
      .set({
        status: REVERSAL_STATUS.SENT,
        sentOn: input.sentOn,
        sentBy: actor,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(v.id, id), eq(v.status, REVERSAL_STATUS.PENDING)))
      .returning({ id: v.id })
    if (!moved.length) throw conflict(M.notPending)
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'retention-reversals',
      entityId: id,
      actor,
      description: `Marcó como enviado el resumen de reversiones ${reversalId(summary.issueDate, summary.sequence)} el ${formatDate(input.sentOn)}`,
    })
  })
}
