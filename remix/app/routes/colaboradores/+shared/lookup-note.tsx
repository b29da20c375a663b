import { Link } from 'react-router'
import type { LookupNote } from './employee-form.server'

/** The answer of a look-up under its field: a found/not-found note, or a duplicate with a link to it. */
export function LookupNoteText({ note }: { note: LookupNote | null | undefined }) {
  if (!note) return null
  return (
    <p
      role="status"
      data-testid="lookup-note"
      className={`mt-1 text-sm ${note.tone === 'error' ? 'text-red-700' : 'text-slate-600'}`}
    >
      {note.message}
      {note.employeeId ? (
        <>
          {' '}
          <Link
            to={`/colaboradores/${note.employeeId}/detalle`}
            className="font-medium text-primary-dark underline"
          >
            Ver colaborador
          </Link>
        </>
      ) : null}
    </p>
  )
}
