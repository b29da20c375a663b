import { countOf, enumLabel, MESSAGES } from '@planillas/domain'
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { requirePermission } from '~/auth.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { redirectWithToast } from '~/session.server'
import { selectedIds, statusResource } from '~/status-resources'
import { pageTitle } from '~/utils/page-title'
import { sameOriginPath } from '~/utils/same-origin-path'

export const meta = pageTitle('Cambiar estado')

/**
 * 'Cambiar estado de los seleccionados' asks first, as the change of one row does: the list's
 * selection form sends the ticked rows and the chosen status here (a GET, so it works the same
 * without JavaScript), and this page posts them to `/estado/:resource` once the user accepts. A
 * selection without rows or without a status goes back to the list with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const resource = statusResource(params.resource)
  if (!resource) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, resource.permission)
  const query = new URL(request.url).searchParams
  const back = sameOriginPath(query.get('back'), resource.list)
  const status = Number(query.get('status'))
  const ids = selectedIds(query.getAll('ids'))
  if (!resource.statuses[status])
    throw await redirectWithToast(request, back, { type: 'error', message: 'Elija el nuevo estado.' })
  if (ids.length === 0)
    throw await redirectWithToast(request, back, {
      type: 'error',
      message: 'Seleccione al menos un registro.',
    })
  return { resource: params.resource as string, ids, status, to: enumLabel(resource.statuses, status), back }
}

/** The question, with the selection kept in the form that applies it. */
export default function ConfirmBulkStatus() {
  const { resource, ids, status, to, back } = useLoaderData<typeof loader>()
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="confirm-title"
    >
      <h1 id="confirm-title" className="text-xl font-semibold">
        {MESSAGES.confirmStatusTitle}
      </h1>
      <p className="mt-2 text-slate-700">{MESSAGES.confirmStatusBody}</p>
      <p className="mt-4 text-sm text-slate-600">
        {ids.length === 1
          ? 'El registro seleccionado pasará'
          : `Los ${countOf(ids.length, 'registro seleccionado', 'registros seleccionados')} pasarán`}{' '}
        a <strong>{to}</strong>.
      </p>
      <Form method="post" action={`/estado/${resource}`} className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="back" value={back} />
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <Link to={back} className={buttonClass('secondary')}>
          Cancelar
        </Link>
        <button type="submit" className={buttonClass('primary')}>
          Aceptar
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
