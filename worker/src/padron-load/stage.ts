import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { Database } from '@planillas/db'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { copyValue } from '../payroll-import/payroll-writer'

/** A column of a stage table: its name and its SQL type ('text not null', 'date'). */
export type StageColumn = readonly [name: string, type: string]

/** COPY text gathered before it is handed to the connection (one CopyData message). */
const COPY_CHUNK_CHARS = 256 * 1024
/** Rows per set-based insert where there is no COPY (PGlite). */
const INSERT_SLICE = 5000

/**
 * Where a load's rows go as the file is read: a fresh table of text columns, filled with COPY on
 * PostgreSQL (a connection of its own, outside any transaction, waiting for it to drain so memory
 * stays a few chunks) or with set-based inserts on PGlite. Nothing else reads the table until the
 * load swaps or merges it in one transaction.
 */
export class StageTable {
  private copy: ReturnType<typeof copyFrom> | null = null
  private client: pg.PoolClient | null = null
  private failure: { error: unknown } | null = null
  private text = ''
  private pending: string[][] = []
  written = 0

  private constructor(
    private readonly db: Database,
    readonly name: string,
    private readonly columns: readonly StageColumn[],
  ) {}

  /** Creates the table (dropping a previous attempt's) and opens the COPY where there is one. */
  static async open(db: Database, name: string, columns: readonly StageColumn[]): Promise<StageTable> {
    const stage = new StageTable(db, name, columns)
    const table = sql.identifier(name)
    await db.execute(sql`drop table if exists ${table}`)
    await db.execute(
      sql.raw(`create table "${name}" (${columns.map(([c, type]) => `"${c}" ${type}`).join(', ')})`),
    )
    const pool = (db as { $client?: unknown }).$client
    if (pool instanceof pg.Pool) {
      stage.client = await pool.connect()
      stage.copy = stage.client.query(
        copyFrom(`copy "${name}" (${columns.map(([c]) => `"${c}"`).join(', ')}) from stdin`),
      )
      stage.copy.on('error', (error) => {
        stage.failure ??= { error }
      })
    }
    return stage
  }

  /** One row, its values in the columns' order; wait on the promise when there is one. */
  push(values: (string | null)[]): Promise<void> | undefined {
    this.written++
    if (this.copy) {
      this.text += `${values.map(copyValue).join('\t')}\n`
      return this.text.length >= COPY_CHUNK_CHARS ? this.flush() : undefined
    }
    this.pending.push(values as string[])
    return this.pending.length >= INSERT_SLICE ? this.flush() : undefined
  }

  private async flush() {
    if (this.failure) throw this.failure.error
    if (this.copy) {
      const text = this.text
      this.text = ''
      if (text && !this.copy.write(text)) await once(this.copy, 'drain')
      return
    }
    const rows = this.pending
    this.pending = []
    if (!rows.length) return
    const arrays = this.columns.map(
      ([, type], i) =>
        sql`${sql.param(rows.map((r) => r[i] ?? null))}::${sql.raw(type.split(' ')[0] ?? 'text')}[]`,
    )
    await this.db.execute(
      sql`insert into ${sql.identifier(this.name)} select * from unnest(${sql.join(arrays, sql`, `)})`,
    )
  }

  /** Ends the COPY (throws what PostgreSQL refused) and gives the connection back. */
  async finish(): Promise<number> {
    try {
      await this.flush()
      if (this.copy) {
        this.copy.end()
        await finished(this.copy)
        if (this.failure) throw this.failure.error
      }
    } finally {
      this.release()
    }
    return this.written
  }

  /** Abandons the load: the COPY fails, the table goes. */
  async drop() {
    if (this.copy) {
      this.copy.destroy()
      await finished(this.copy).catch(() => undefined)
    }
    this.release(true)
    await this.db.execute(sql`drop table if exists ${sql.identifier(this.name)}`)
  }

  /** Gives the connection back; one left mid-COPY is closed instead. */
  private release(discard = false) {
    this.copy = null
    this.client?.release(discard)
    this.client = null
  }
}
