import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  type Database,
  type Executor,
  payrollBatchErrors,
  payrollBatches,
  payrolls,
  recordAudit,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { BATCH_STATUS, countOf, formatMoney } from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { ClaimedBatch } from './batch-store'
import { flagLinesForReview } from './line-review'
import type { PayrollLines } from './payroll-lines'

export { PayrollLines } from './payroll-lines'

const INSERT_SLICE = 5000

/**
 * Writes the lines in the caller's transaction: COPY on PostgreSQL, set-based inserts on PGlite
 * (which has no COPY FROM STDIN over its wire).
 */
export async function insertLines(
  db: Executor,
  payrollId: number,
  lines: PayrollLines,
  actor: string,
): Promise<'copy' | 'insert'> {
  const client = postgresClientOf(db)
  if (!client) {
    await insertLinesInSlices(db, payrollId, lines, actor)
    return 'insert'
  }
  await copyLines(db, client, payrollId, lines, actor)
  return 'copy'
}

/** The node-postgres connection under a drizzle transaction, or null (PGlite, or not in a transaction). */
function postgresClientOf(db: Executor): pg.ClientBase | null {
  const client = (db as { session?: { client?: unknown } }).session?.client
  return client instanceof pg.Client ? client : null
}

/**
 * COPY (text format) of every line into a temporary table, then one `INSERT … SELECT` that takes
 * the full name from employees in the same statement, as the slices below do. COPY streams the
 * lines in chunks, so the text of a 200,000-line payroll is never held whole; the temporary
 * table goes with the transaction.
 */
async function copyLines(
  db: Executor,
  client: pg.ClientBase,
  payrollId: number,
  lines: PayrollLines,
  actor: string,
) {
  await db.execute(sql`
    create temporary table incoming_payroll_lines (
      row_number int, employee_id int, identifier_type smallint, identifier text,
      bank_code text, bank_account text, bank_inter_account text, amount numeric(12,2)
    ) on commit drop`)
  await pipeline(
    Readable.from(copyText(lines)),
    client.query(copyFrom('copy incoming_payroll_lines from stdin')),
  )
  await db.execute(sql`
    insert into payroll_lines (payroll_id, created_by, row_number, employee_id, identifier_type, identifier,
      full_name, bank_code, bank_account, bank_inter_account, amount)
    select ${payrollId}::int, ${actor}::text, l.row_number, l.employee_id, l.identifier_type, l.identifier,
      e.name || ' ' || e.surname, l.bank_code, l.bank_account, l.bank_inter_account, l.amount
    from incoming_payroll_lines l
    left join employees e on e.id = l.employee_id
    order by l.row_number`)
  await db.execute(sql`drop table incoming_payroll_lines`)
}

/** COPY's text format, INSERT_SLICE lines per chunk. */
export function* copyText(lines: PayrollLines): Generator<string> {
  for (let at = 0; at < lines.length; at += INSERT_SLICE) {
    const c = lines.columns(at, at + INSERT_SLICE)
    let chunk = ''
    for (let i = 0; i < c.rowNumber.length; i++) {
      chunk += `${c.rowNumber[i]}\t${c.employeeId[i]}\t${c.identifierType[i]}\t${copyValue(c.identifier[i])}\t${copyValue(c.bankCode[i])}\t${copyValue(c.bankAccount[i])}\t${copyValue(c.bankInterAccount[i])}\t${c.amount[i]}\n`
    }
    yield chunk
  }
}

/** A text value in COPY's text format: \N for null, backslash and control characters escaped. */
export const copyValue = (value: string | null) =>
  value === null ? '\\N' : value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c])

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/**
 * Set-based inserts (`INSERT … SELECT unnest(…)`, STACK: 0.6 s per 100k rows) in slices. The
 * full name is the employee's, taken in the same statement (an employee deleted since the check
 * makes it fail, never drops the line: left join, then NOT NULL and the foreign key object).
 */
async function insertLinesInSlices(db: Executor, payrollId: number, lines: PayrollLines, actor: string) {
  for (let at = 0; at < lines.length; at += INSERT_SLICE) {
    const c = lines.columns(at, at + INSERT_SLICE)
    await db.execute(sql`
      insert into payroll_lines (payroll_id, created_by, row_number, employee_id, identifier_type, identifier,
        full_name, bank_code, bank_account, bank_inter_account, amount)
      select ${payrollId}::int, ${actor}::text, l.row_number, l.employee_id, l.identifier_type, l.identifier,
        e.name || ' ' || e.surname, l.bank_code, l.bank_account, l.bank_inter_account, l.amount
      from unnest(
        ${sql.param(c.rowNumber)}::int[], ${sql.param(c.employeeId)}::int[],
        ${sql.param(c.identifierType)}::smallint[], ${sql.param(c.identifier)}::text[],
        ${sql.param(c.bankCode)}::text[], ${sql.param(c.bankAccount)}::text[],
        ${sql.param(c.bankInterAccount)}::text[], ${sql.param(c.amount)}::numeric(12,2)[]
      ) as l(row_number, employee_id, identifier_type, identifier, bank_code, bank_account, bank_inter_account, amount)
      left join employees e on e.id = l.employee_id`)
  }
}

/** Writes the payroll with its lines and totals in the caller's transaction; returns its id. */
export async function insertPayroll(
  tx: Executor,
  /** The batch it comes from (none for the benchmark's bare pipeline). */
  batch: Pick<ClaimedBatch, 'code' | 'period' | 'name' | 'type' | 'createdBy'> & { id: number | null },
  lines: PayrollLines,
): Promise<{ id: number; collaborators: number; totalAmount: string }> {
  const actor = batch.createdBy ?? SYSTEM_ACTOR
  const [payroll] = await tx
    .insert(payrolls)
    .values({
      code: batch.code,
      period: batch.period,
      name: batch.name,
      type: batch.type,
      batchId: batch.id,
      createdBy: actor,
    })
    .returning({ id: payrolls.id })
  await insertLines(tx, payroll.id, lines, actor)
  await flagLinesForReview(tx, payroll.id)
  // Totals come from the rows written, so they can never disagree with them.
  const [totals] = await tx
    .update(payrolls)
    .set({
      collaborators: sql`(select count(*) from payroll_lines where payroll_id = ${payroll.id})`,
      totalAmount: sql`(select coalesce(sum(amount), 0) from payroll_lines where payroll_id = ${payroll.id})`,
    })
    .where(eq(payrolls.id, payroll.id))
    .returning({ collaborators: payrolls.collaborators, totalAmount: payrolls.totalAmount })
  return { id: payroll.id, ...totals }
}

/**
 * The whole result of a clean file in one transaction: the payroll, its lines, the batch
 * PROCESADO and the audit entry. The batch row is locked first; if another attempt finished it
 * meanwhile, nothing is written (a retry never duplicates a payroll; `payrolls.batch_id` is unique
 * besides).
 */
export async function finishProcessed(
  db: Database,
  batch: ClaimedBatch,
  lines: PayrollLines,
  rowsRead: number,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: payrollBatches.status })
      .from(payrollBatches)
      .where(eq(payrollBatches.id, batch.id))
      .for('update')
    if (current?.status !== BATCH_STATUS.PROCESSING) return null
    const payroll = await insertPayroll(tx, batch, lines)
    await tx.delete(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, batch.id))
    await tx
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.PROCESSED, progress: 100, rowsRead, errorCount: 0, finishedAt: new Date() })
      .where(eq(payrollBatches.id, batch.id))
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'payrolls',
      entityId: payroll.id,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `Creó la planilla ${batch.code} '${batch.name}' (periodo ${batch.period}) desde la carga #${batch.id}: ${countOf(payroll.collaborators, 'colaborador')}, ${formatMoney(payroll.totalAmount)}`,
    })
    return payroll
  })
}
