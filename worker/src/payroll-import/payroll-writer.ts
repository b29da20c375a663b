import { once } from 'node:events'
import { finished } from 'node:stream/promises'
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
import { LineConcepts } from './line-concepts'
import type { PayrollLine, PayrollLines } from './payroll-lines'

export { PayrollLines } from './payroll-lines'

const INSERT_SLICE = 5000
/** COPY text gathered before it is handed to the connection (one CopyData message). */
const COPY_CHUNK_CHARS = 64 * 1024

/** Where checked lines go as the sheet is read. */
export interface LineSink {
  /** May return a promise to wait for (backpressure). */
  push(line: PayrollLine): Promise<void> | void
  /** The lines' concepts, kept until the lines are written. */
  readonly concepts: LineConcepts
}

/** The payroll a file becomes (the benchmark's bare pipeline has no batch: id null). */
export type PayrollHeader = Pick<ClaimedBatch, 'code' | 'period' | 'name' | 'type' | 'createdBy'> & {
  id: number | null
}

/** True when the database is node-postgres, where lines stream into COPY while the sheet is read. */
export const canStreamLines = (db: Database) => (db as { $client?: unknown }).$client instanceof pg.Pool

/** The node-postgres connection under a drizzle transaction, or null (PGlite, or not in a transaction). */
export function postgresClientOf(db: Executor): pg.ClientBase | null {
  const client = (db as { session?: { client?: unknown } }).session?.client
  return client instanceof pg.Client ? client : null
}

const COPY_COLUMNS =
  'payroll_id, created_by, row_number, employee_id, identifier_type, identifier, full_name, bank_code, bank_account, bank_inter_account, amount, review_flags, days_worked, ordinary_minutes, overtime_minutes, pension_system, cuspp'

/**
 * Lines per COPY statement. PostgreSQL checks a statement's foreign keys (the payroll, the
 * employee, the bank: about two thirds of its work on these lines) when the statement ends, not as
 * each line arrives; one COPY of the whole file left all of them for after the last row was read.
 * Statements of this many lines, one after the other in the same transaction, let PostgreSQL check
 * one slice while the worker reads the next.
 */
export const COPY_STATEMENT_LINES = 5_000
/** COPY text the reading may run ahead of the connection by before `push` waits. */
const MAX_WAITING_CHARS = 8 * 1024 * 1024
/** Where one COPY statement ends in the text waiting for the connection. */
const END_OF_STATEMENT = Symbol('end of statement')

type CopyStream = ReturnType<typeof copyFrom>

/**
 * COPY (text format) straight into `payroll_lines`, fed line by line while the sheet is still
 * being read: the lines arrive with their employee, full name and review flags from the
 * look-up, so each is written once and nothing is left to do after the last row. The lines go
 * in statements of `statementLines` (`COPY_STATEMENT_LINES`), all in the caller's transaction:
 * whatever goes wrong (a row error, the employee deleted meanwhile: the foreign key) the
 * transaction is rolled back and nothing stays written. The text waits in chunks of one CopyData
 * message for the connection, which takes them one statement after another; `push` waits only
 * when MAX_WAITING_CHARS are waiting, so memory does not grow with the file.
 * `finish` or `cancel` must be called before the transaction ends (the connection is in COPY mode).
 */
export class CopyLines implements LineSink {
  private readonly prefix: string
  private text = ''
  private inStatement = 0
  private readonly waiting: (string | typeof END_OF_STATEMENT)[] = []
  private waitingChars = 0
  private stream: CopyStream | null = null
  private failure: { error: unknown } | null = null
  private closed = false
  private readonly stop = new AbortController()
  private wakeSender: (() => void) | null = null
  private wakeWriter: (() => void) | null = null
  private readonly sent: Promise<void>
  written = 0
  readonly concepts = new LineConcepts()

  constructor(
    private readonly client: pg.ClientBase,
    payrollId: number,
    actor: string,
    private readonly statementLines = COPY_STATEMENT_LINES,
  ) {
    this.prefix = `${payrollId}\t${copyValue(actor)}\t`
    this.sent = this.send()
      .catch((error) => {
        this.failure ??= { error }
      })
      .finally(() => this.wake('writer'))
  }

  /** Synchronous but when too much text waits for the connection: then it waits for room. */
  push(line: PayrollLine): Promise<void> | undefined {
    if (this.closed) throw new Error('COPY ya cerrado')
    this.rethrow()
    this.text += copyLine(this.prefix, line)
    if (line.extras?.concepts.length) this.concepts.push(line.rowNumber, line.extras.concepts)
    this.written++
    if (++this.inStatement >= this.statementLines) this.hand(true)
    else if (this.text.length >= COPY_CHUNK_CHARS) this.hand(false)
    return this.waitingChars > MAX_WAITING_CHARS ? this.room() : undefined
  }

  /** Ends the COPY; throws what PostgreSQL refused. Returns the lines written. */
  async finish(): Promise<number> {
    this.rethrow()
    this.hand(false)
    this.closed = true
    this.wake('sender')
    await this.sent
    this.rethrow()
    return this.written
  }

  /** Abandons the COPY (CopyFail) and waits until the connection is out of COPY mode. */
  async cancel() {
    if (this.stop.signal.aborted) return
    this.closed = true
    this.text = ''
    this.waiting.length = 0
    this.stop.abort()
    const open = this.stream
    open?.destroy()
    this.wake('sender')
    await this.sent
    if (open) await finished(open).catch(() => undefined)
  }

  /** What PostgreSQL (or the connection) refused, thrown at the writer. */
  private rethrow() {
    if (this.failure) throw this.failure.error
  }

  /** The text gathered so far to the connection's queue, and the statement's end when it is one. */
  private hand(endOfStatement: boolean) {
    if (this.text) {
      this.waiting.push(this.text)
      this.waitingChars += this.text.length
      this.text = ''
    }
    if (endOfStatement) {
      this.waiting.push(END_OF_STATEMENT)
      this.inStatement = 0
    }
    this.wake('sender')
  }

  private async room() {
    while (this.waitingChars > MAX_WAITING_CHARS && !this.failure && !this.stop.signal.aborted) {
      await new Promise<void>((resolve) => {
        this.wakeWriter = resolve
      })
    }
    this.rethrow()
  }

  private wake(who: 'sender' | 'writer') {
    const resolve = who === 'sender' ? this.wakeSender : this.wakeWriter
    if (who === 'sender') this.wakeSender = null
    else this.wakeWriter = null
    resolve?.()
  }

  /** Hands the waiting text to the connection, a COPY statement at a time, until finished or cancelled. */
  private async send() {
    const signal = this.stop.signal
    for (;;) {
      if (signal.aborted) return
      const next = this.waiting.shift()
      if (next === undefined) {
        if (this.closed) break
        await new Promise<void>((resolve) => {
          this.wakeSender = resolve
        })
      } else if (next === END_OF_STATEMENT) await this.endStatement()
      else {
        this.waitingChars -= next.length
        if (this.waitingChars <= MAX_WAITING_CHARS) this.wake('writer')
        this.stream ??= this.openStatement()
        if (!this.stream.write(next)) await once(this.stream, 'drain', { signal })
      }
    }
    await this.endStatement()
  }

  private openStatement(): CopyStream {
    const stream = this.client.query(copyFrom(`copy payroll_lines (${COPY_COLUMNS}) from stdin`))
    stream.on('error', (error) => {
      this.failure ??= { error }
    })
    return stream
  }

  /** Ends the open statement and waits for PostgreSQL to take it, its foreign keys checked. */
  private async endStatement() {
    const stream = this.stream
    if (!stream) return
    this.stream = null
    stream.end()
    await finished(stream, { signal: this.stop.signal })
  }
}

/** One line in COPY's text format, after the payroll id and author. */
export const copyLine = (prefix: string, l: PayrollLine) =>
  `${prefix}${l.rowNumber}\t${l.employeeId}\t${l.identifierType}\t${copyValue(l.identifier)}\t${copyValue(l.fullName)}\t${copyValue(l.bankCode)}\t${copyValue(l.bankAccount)}\t${copyValue(l.bankInterAccount)}\t${l.amount}\t${l.reviewFlags}\t${copyExtras(l)}\n`

const NO_EXTRAS = '\\N\t\\N\t\\N\t\\N\t\\N'
const copyNumber = (value: number | null | undefined) => (value == null ? '\\N' : String(value))
/** Days, minutes and pension data (optional columns), \N where the file had none. */
const copyExtras = ({ extras: e }: PayrollLine) =>
  e
    ? `${copyNumber(e.daysWorked)}\t${copyNumber(e.ordinaryMinutes)}\t${copyNumber(e.overtimeMinutes)}\t${copyValue(e.pensionSystem)}\t${copyValue(e.cuspp)}`
    : NO_EXTRAS

/** A text value in COPY's text format: \N for null, backslash and control characters escaped. */
export const copyValue = (value: string | null) =>
  value === null
    ? '\\N'
    : COPY_SPECIAL.test(value)
      ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c])
      : value

const COPY_SPECIAL = /[\\\t\n\r]/
const COPY_SPECIALS = /[\\\t\n\r]/g
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/**
 * Set-based inserts (`INSERT … SELECT unnest(…)`, about 0.6 s per 100k rows) in slices, for
 * PGlite (no COPY FROM STDIN over its wire). The employee's foreign key refuses a line whose
 * employee was deleted since the look-up.
 */
export async function insertLines(db: Executor, payrollId: number, lines: PayrollLines, actor: string) {
  for (let at = 0; at < lines.length; at += INSERT_SLICE) {
    const c = lines.columns(at, at + INSERT_SLICE)
    await db.execute(sql`
      insert into payroll_lines (${sql.raw(COPY_COLUMNS)})
      select ${payrollId}::int, ${actor}::text, l.*
      from unnest(
        ${sql.param(c.rowNumber)}::int[], ${sql.param(c.employeeId)}::int[],
        ${sql.param(c.identifierType)}::smallint[], ${sql.param(c.identifier)}::text[],
        ${sql.param(c.fullName)}::text[], ${sql.param(c.bankCode)}::text[],
        ${sql.param(c.bankAccount)}::text[], ${sql.param(c.bankInterAccount)}::text[],
        ${sql.param(c.amount)}::numeric(12,2)[], ${sql.param(c.reviewFlags)}::smallint[],
        ${sql.param(c.daysWorked)}::smallint[], ${sql.param(c.ordinaryMinutes)}::int[],
        ${sql.param(c.overtimeMinutes)}::int[], ${sql.param(c.pensionSystem)}::text[],
        ${sql.param(c.cuspp)}::text[]
      ) as l`)
  }
}

/** The payroll's own row, before its lines (their foreign key needs it). */
export async function insertPayrollRow(tx: Executor, header: PayrollHeader): Promise<number> {
  const [payroll] = await tx
    .insert(payrolls)
    .values({
      code: header.code,
      period: header.period,
      name: header.name,
      type: header.type,
      batchId: header.id,
      createdBy: header.createdBy ?? SYSTEM_ACTOR,
    })
    .returning({ id: payrolls.id })
  return payroll.id
}

/** The payroll's totals, from the rows written, so they can never disagree with them. */
export async function writeTotals(tx: Executor, payrollId: number) {
  const [totals] = await tx
    .update(payrolls)
    .set({
      collaborators: sql`(select count(*) from payroll_lines where payroll_id = ${payrollId})`,
      totalAmount: sql`(select coalesce(sum(amount), 0) from payroll_lines where payroll_id = ${payrollId})`,
    })
    .where(eq(payrolls.id, payrollId))
    .returning({ collaborators: payrolls.collaborators, totalAmount: payrolls.totalAmount })
  return { id: payrollId, ...totals }
}

export type WrittenPayroll = { id: number; collaborators: number; totalAmount: string }

/**
 * The end of a clean file's transaction: the batch row locked and found still PROCESANDO (another
 * attempt may have finished it: then null, and the caller rolls back), the totals, the batch
 * PROCESADO and the audit entry.
 */
export async function closeProcessed(
  tx: Executor,
  batch: ClaimedBatch,
  payrollId: number,
  rowsRead: number,
): Promise<WrittenPayroll | null> {
  const [current] = await tx
    .select({ status: payrollBatches.status })
    .from(payrollBatches)
    .where(eq(payrollBatches.id, batch.id))
    .for('update')
  if (current?.status !== BATCH_STATUS.PROCESSING) return null
  const payroll = await writeTotals(tx, payrollId)
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
}
