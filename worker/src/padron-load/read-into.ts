import { PADRON_LAYOUTS, PADRON_LIMITS, PADRON_MESSAGES, type PadronKind } from '@planillas/domain'
import { PadronFileError, readPadron } from '@planillas/formats/sunat-padron'
import type { WorkerContext } from '../context'
import { reportProgress } from '../pipeline/batches'
import type { FileProblem } from '../pipeline/row-errors'
import type { ClaimedPadronLoad } from './batch-store'
import { PADRON_LOADS } from './kind'
import { type StageColumn, StageTable } from './stage'

/** What reading a padrón into its stage table gave. */
export type ReadOutcome = {
  /** Data lines read (the header not counted). */
  rowsRead: number
  /** Bad lines counted; the first `PADRON_LIMITS.maxProblemsKept` are in `problems`. */
  badLines: number
  problems: FileProblem[]
}

/** How often progress is written while reading (the reading is up to 90 %; the swap the rest). */
export const PROGRESS_EVERY_MS = 1000

/**
 * Streams the load's file through the padrón reader into `stage`: `toValues` turns a row into the
 * stage's values, or a message for a bad line. Throws `PadronFileError` when the file cannot be read
 * or has too many bad lines (the caller ends the load CON ERRORES, nothing replaced).
 */
export async function readInto<K extends string>(
  load: ClaimedPadronLoad,
  stream: AsyncIterable<Buffer>,
  stage: StageTable,
  toValues: (values: Record<K, string>) => (string | null)[] | string,
  ctx: WorkerContext,
  limits = PADRON_LIMITS,
  progressEveryMs = PROGRESS_EVERY_MS,
): Promise<ReadOutcome> {
  const layout = PADRON_LAYOUTS[load.kind as PadronKind]
  const problems: FileProblem[] = []
  let badLines = 0
  let rowsRead = 0
  let reported = Date.now()
  const bad = (line: number, message: string, text: string) => {
    badLines++
    if (badLines > limits.maxBadLines)
      throw new PadronFileError(PADRON_MESSAGES.tooManyBadLines(limits.maxBadLines))
    if (problems.length < limits.maxProblemsKept)
      problems.push({ rowNumber: line, column: null, value: text, message })
  }
  for await (const chunk of readPadron(stream, layout as never, limits)) {
    for (const b of chunk.badLines) bad(b.line, b.message, b.text)
    rowsRead += chunk.badLines.length
    for (const row of chunk.rows) {
      rowsRead++
      const values = toValues(row.values as Record<K, string>)
      if (typeof values === 'string') {
        bad(row.line, values, Object.values(row.values).join('|'))
        continue
      }
      const wait = stage.push(values)
      if (wait) await wait
    }
    if (Date.now() - reported >= progressEveryMs) {
      reported = Date.now()
      const fraction = load.fileSize > 0 ? chunk.bytesRead / load.fileSize : 0
      await reportProgress(ctx.db, PADRON_LOADS.table, load.id, fraction * 90, rowsRead)
    }
  }
  return { rowsRead, badLines, problems }
}

/** How a load of the padrón ends: its RUCs processed, skipped (another attempt has it), or refused. */
export type LoadOutcome =
  | { outcome: 'processed'; rucs: number }
  | { outcome: 'skipped' }
  | { outcome: 'rejected'; message: string }

/**
 * Reads the load's file into a fresh stage table `name` of `columns` (`readInto`). The table is
 * dropped when the reading throws, and when it keeps no row: the load is then refused.
 */
export async function readIntoStage<K extends string>(
  load: ClaimedPadronLoad,
  stream: AsyncIterable<Buffer>,
  ctx: WorkerContext,
  stage: { name: string; columns: readonly StageColumn[] },
  toValues: (values: Record<K, string>) => (string | null)[] | string,
): Promise<ReadOutcome | (LoadOutcome & { outcome: 'rejected' })> {
  const table = await StageTable.open(ctx.db, stage.name, stage.columns)
  let read: ReadOutcome
  try {
    read = await readInto<K>(load, stream, table, toValues, ctx)
    await table.finish()
  } catch (error) {
    await table.drop()
    throw error
  }
  if (table.written === 0) {
    await table.drop()
    return { outcome: 'rejected', message: PADRON_MESSAGES.noRows }
  }
  return read
}
