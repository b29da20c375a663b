import { useSearchParams } from 'react-router'
import { RECEIVED_PARAM } from '~/upload-results'

export const UPLOAD_RECEIVED = 'Se recibió el archivo; se está procesando…'

/**
 * What became of the upload the user just sent: received while it runs, then its
 * result once the batch ends — live with JavaScript (the list revalidates while a batch runs) and
 * on the next refresh without it (the list's meta refresh). Nothing when the list was opened
 * otherwise, or the batch is not on this page.
 */
export function UploadOutcome<T extends { id: number; status: number }>({
  rows,
  running,
  result,
}: {
  rows: readonly T[]
  running: (status: number) => boolean
  /** The finished batch's result, e.g. 'PROCESADO' or 'CON ERRORES (3 errores)'. */
  result: (row: T) => string
}) {
  const [params] = useSearchParams()
  const id = Number(params.get(RECEIVED_PARAM))
  const row = Number.isInteger(id) && id > 0 ? rows.find((r) => r.id === id) : undefined
  return (
    <p role="status" aria-live="polite" data-testid="upload-outcome" className="text-sm text-slate-700">
      {row
        ? running(row.status)
          ? UPLOAD_RECEIVED
          : `Terminó el procesamiento del archivo: ${result(row)}.`
        : null}
    </p>
  )
}
