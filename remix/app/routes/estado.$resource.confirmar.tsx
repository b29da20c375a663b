import { countOf, enumLabel } from '@planillas/domain'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { requirePermission } from '~/auth.server'
import { StatusConfirmation } from '~/components/list/status-action'
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
    <StatusConfirmation
      back={back}
      action={`/estado/${resource}`}
      summary={
        <>
          {ids.length === 1
            ? 'El registro seleccionado pasará'
            : `Los ${countOf(ids.length, 'registro seleccionado', 'registros seleccionados')} pasarán`}{' '}
          a <strong>{to}</strong>.
        </>
      }
    >
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="back" value={back} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </StatusConfirmation>
  )
}

export const ErrorBoundary = RouteErrorBoundary
