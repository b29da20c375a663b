import { formatDateTime, periodLabel } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { data, Form, useActionData, useLoaderData } from 'react-router'
import { ApiError, call } from '~/api.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Confirmar recepción de boleta')

const BAD_LINK = 'El enlace de confirmación no es válido o ya no existe.'

/**
 * The link of a boleta's e-mail (docs/decisions/boletas.md): public, no sign-in. Opening it shows
 * whose boleta it is; the button records the acknowledgement (a page opened by a mail scanner
 * records nothing). An unknown or malformed token is a Spanish 404.
 */
async function answer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data({ messages: [BAD_LINK] }, { status: 404 })
    throw error
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  return answer(() =>
    call(request, 'GET /boletas/acknowledgements/:token', { params: { token }, token: null }),
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  return answer(() =>
    call(request, 'POST /boletas/acknowledgements/:token', { params: { token }, token: null }),
  )
}

export default function AcknowledgeBoleta() {
  const shown = useLoaderData<typeof loader>()
  const done = useActionData<typeof action>()
  const ack = done ?? shown
  const acknowledgedAt = ack.acknowledgedAt ? formatDateTime(ack.acknowledgedAt) : null
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-xl flex-col justify-center gap-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">Boleta de pago</h1>
      <p>
        Boleta del periodo <strong>{periodLabel(ack.period)}</strong> de <strong>{ack.workerName}</strong>{' '}
        (planilla {ack.payrollCode}).
      </p>
      {acknowledgedAt ? (
        <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-green-900">
          {done && !done.already
            ? `Gracias: su confirmación de recepción quedó registrada el ${acknowledgedAt}.`
            : `La recepción de esta boleta ya fue confirmada el ${acknowledgedAt}.`}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <p>Si recibió su boleta de pago, confírmelo con el botón.</p>
          <button type="submit" className={buttonClass('primary')}>
            Confirmar recepción
          </button>
        </Form>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
