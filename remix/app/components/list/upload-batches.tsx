import { BATCH_STATUS, batchStatus, countOf, enumLabel, isBatchRunning, trimEmail } from '@planillas/domain'
import type { ReactNode } from 'react'
import { Badge, type Tone } from '../ui/badge'
import { ProgressBar } from '../ui/progress-bar'
import { AutoRefresh } from './auto-refresh'
import { RowLink } from './status-action'
import { UploadOutcome } from './upload-outcome'

/**
 * The pieces every upload's batch list shares (planillas, comprobantes, constancias, padrones):
 * what it says above the table, a batch's state cell, who uploaded it and its row actions. Each
 * list keeps its own columns and words; the states, refresh and outcome behave the same everywhere.
 */

type Batch = { id: number; status: number; progress: number; errorCount: number }

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'red' }

/** Above the table: the list refreshes while a batch runs, and says what became of the upload just sent. */
export function UploadBatchesIntro<T extends Batch>({
  rows,
  result,
  children,
}: {
  rows: readonly T[]
  /** The finished batch's result, e.g. 'PROCESADO' or 'CON ERRORES (3 errores)'. */
  result: (row: T) => string
  children?: ReactNode
}) {
  return (
    <>
      <AutoRefresh active={rows.some((b) => isBatchRunning(b.status))} />
      <UploadOutcome rows={rows} running={isBatchRunning} result={result} />
      {children}
    </>
  )
}

/**
 * A batch's state: its badge, the progress while it runs (and what `running` adds), the errors of
 * one CON ERRORES, and what `processed` says of one PROCESADO.
 */
export function BatchStateCell({
  batch,
  running,
  processed,
}: {
  batch: Batch
  running?: ReactNode
  processed?: ReactNode
}) {
  return (
    <span className="flex flex-col gap-1">
      <Badge tone={STATUS_TONES[batch.status] ?? 'slate'}>{enumLabel(batchStatus, batch.status)}</Badge>
      {isBatchRunning(batch.status) ? (
        <>
          <ProgressBar value={batch.progress} />
          {running}
        </>
      ) : null}
      {batch.status === BATCH_STATUS.FAILED ? (
        <span className="text-xs text-slate-600">{countOf(batch.errorCount, 'error')}</span>
      ) : null}
      {batch.status === BATCH_STATUS.PROCESSED && processed ? (
        <span className="text-xs text-slate-600">{processed}</span>
      ) : null}
    </span>
  )
}

/** Who uploaded it: the e-mail shortened, whole on hover. */
export const UploadedBy = ({ email }: { email: string | null }) => (
  <span title={email ?? undefined}>{trimEmail(email)}</span>
)

/** A batch's row actions: its file, its problems when it has any, and what the list adds. */
export function BatchActions({
  fileHref,
  errorsHref,
  errorCount,
  errorsLabel = 'Ver errores',
  children,
}: {
  fileHref: string
  errorsHref: string
  errorCount: number
  errorsLabel?: string
  children?: ReactNode
}) {
  return (
    <>
      <a href={fileHref} className="row-link" download>
        Descargar
      </a>
      {errorCount > 0 ? <RowLink to={errorsHref}>{errorsLabel}</RowLink> : null}
      {children}
    </>
  )
}
