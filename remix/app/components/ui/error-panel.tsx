import { MESSAGES } from '@planillas/domain'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { ERROR_TITLES } from '~/utils/page-title'

const DETAILS: Record<number, string> = {
  403: 'No tiene permiso para abrir esta página. Si cree que debería tenerlo, consulte con el administrador.',
  404: 'La página o el registro que busca no existe o fue eliminado.',
}

/**
 * The sentence under the error's title: what the API said when the error carries it
 * (remix/server/route-errors.ts turns a refused call into `{ messages }` with the API's status, so a
 * database outage's 503 shows the API's own words), else the page's own words for the status.
 */
export function errorDetail(error: unknown, isResponse: boolean): string {
  const status = isResponse ? (error as { status: number }).status : 500
  const messages = isResponse ? (error as { data?: { messages?: unknown } } | null)?.data?.messages : null
  if (Array.isArray(messages) && messages.length) return messages.join(' ')
  return DETAILS[status] ?? MESSAGES.generic
}

/**
 * The Spanish error page every route shows, with a way back. Inside the app's frame it is a section
 * of its `<main>`; without the frame (signed out, or the root failed) it is the page's `<main>`.
 */
export function ErrorPanel({
  error,
  isResponse,
  standalone = false,
}: {
  error: unknown
  isResponse: boolean
  standalone?: boolean
}) {
  const status = isResponse ? (error as { status: number }).status : 500
  const Root = standalone ? 'main' : 'section'
  return (
    <Root className="mx-auto max-w-xl p-8 text-center" aria-labelledby="error-title">
      <p className="text-5xl font-bold text-primary">{status}</p>
      <h1 id="error-title" className="mt-2 text-xl font-semibold">
        {ERROR_TITLES[status] ?? 'Ocurrió un error'}
      </h1>
      <p className="mt-2 text-slate-600">{errorDetail(error, isResponse)}</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary"
      >
        Ir a la portada
      </Link>
    </Root>
  )
}

/** The ErrorBoundary export for a route module. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  return <ErrorPanel error={error} isResponse={isRouteErrorResponse(error)} />
}
