import type { constanciaBatches } from '@planillas/db'
import {
  CONSTANCIA_LIMITS,
  CONSTANCIA_UPLOAD_MESSAGES,
  type ConstanciaProblem,
  decodeDownloadInSlices,
  type JobInfo,
  readConstancias,
} from '@planillas/domain'
import { type ClaimedConstanciaBatch, finishWithErrors } from '../constancia-import/batch-store'
import { matchConstancias } from '../constancia-import/import-constancias'
import { CONSTANCIA_BATCHES } from '../constancia-import/kind'
import type { WorkerContext } from '../context'
import { reportProgress } from '../pipeline/batches'
import type { FileProblem } from '../pipeline/row-errors'
import { type BatchOutcome, type BatchProcessor, runBatchJob } from '../pipeline/run'
import { FILE_MISSING, readBatchFile } from '../pipeline/stored-file'

export type ConstanciaImportOutcome = BatchOutcome<{
  outcome: 'processed'
  matched: number
  unmatched: number
}>

/** Rows read between two reports of progress (the reader gives a turn every so many). */
const READ_EVERY = 1000

/**
 * The constancia-import job, plugged into the batch pipeline: reads SUNAT's constancias
 * (`readConstancias`: by the header's names, any of its delimiters, UTF-8 or Windows-1252); a
 * malformed file ends CON ERRORES with its problems (the first `maxListedProblems`), nothing
 * recorded; otherwise its rows are matched and recorded (`matchConstancias`) and it ends PROCESADO
 * with every row not recorded listed with its reason. The same file twice records nothing twice:
 * the second time each row says it was already recorded with that constancia.
 */
export const constanciaImport: BatchProcessor<typeof constanciaBatches, ConstanciaImportOutcome> = {
  kind: CONSTANCIA_BATCHES,
  process: importBatch,
}

export function processConstanciaImport(payload: unknown, ctx: WorkerContext, job?: JobInfo) {
  return runBatchJob(constanciaImport, payload, ctx, job)
}

/** The file's problems as the batch lists them: the first ones, after a line saying how many there are. */
export function listedProblems(problems: ConstanciaProblem[]): FileProblem[] {
  const max = CONSTANCIA_LIMITS.maxListedProblems
  const listed = problems.slice(0, max).map((p) => ({
    rowNumber: p.rowNumber || null,
    column: null,
    value: null,
    message: p.message,
  }))
  if (problems.length <= max) return listed
  return [
    {
      rowNumber: null,
      column: null,
      value: null,
      message: CONSTANCIA_UPLOAD_MESSAGES.tooManyProblems(problems.length),
    },
    ...listed,
  ]
}

async function importBatch(
  batch: ClaimedConstanciaBatch,
  ctx: WorkerContext,
): Promise<ConstanciaImportOutcome> {
  const { db } = ctx
  const table = CONSTANCIA_BATCHES.table
  const bytes = await readBatchFile(ctx, batch.fileKey)
  if (!bytes) {
    const problem = { rowNumber: null, column: null, value: null, message: FILE_MISSING }
    const finished = await finishWithErrors(db, batch, [problem], 0)
    return finished ? { outcome: 'rejected', errors: 1 } : { outcome: 'skipped' }
  }
  // Decoded and read by slices, other work running between them (the all-in-one process's API too).
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const text = await decodeDownloadInSlices(bytes, nextTurn)
  // The lines, for the progress: reading is the first half of the work, matching the second.
  let lines = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++
  let seen = 0
  const read = await readConstancias(text, {
    every: READ_EVERY,
    pause: async () => {
      seen += READ_EVERY
      await reportProgress(db, table, batch.id, (seen / lines) * 50, seen)
    },
  })
  if (read.problems.length) {
    const problems = listedProblems(read.problems)
    const finished = await finishWithErrors(db, batch, problems, read.rows.length + read.problems.length)
    return finished ? { outcome: 'rejected', errors: problems.length } : { outcome: 'skipped' }
  }
  const rows = read.rows.length
  // Read: half the work; the matching's transaction writes the rest (and 100) when it ends.
  await reportProgress(db, table, batch.id, 50, rows)
  const outcome = await matchConstancias(db, batch, read.rows, rows)
  return outcome ? { outcome: 'processed', ...outcome } : { outcome: 'skipped' }
}
