import { MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'
import { forgetCachedCatalogue } from '~/status-caches.server'
import { selectedIds, statusResource } from '~/status-resources'
import { sameOriginPath } from '~/utils/same-origin-path'

/** The catalogues whose selection changes status in one call. */
const BULK = {
  areas: 'PUT /areas/status',
  cargos: 'PUT /positions/status',
  empresas: 'PUT /companies/status',
  'lineas-de-gasto': 'PUT /expense-lines/status',
  'tipos-de-proyecto': 'PUT /project-types/status',
  'motivos-de-rechazo': 'PUT /reject-reasons/status',
} as const

/**
 * POST /estado/:resource with the selected rows (`ids`) and the `status`, from the confirmation page
 * (`/estado/:resource/confirmar`): one API call changes them all (one transaction, an audit entry
 * each), and the list comes back as it was (`back`) with the API's message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const resource = statusResource(params.resource)
  const endpoint =
    params.resource && Object.hasOwn(BULK, params.resource)
      ? BULK[params.resource as keyof typeof BULK]
      : null
  if (!resource || !endpoint) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, resource.permission)
  const form = await request.formData()
  const back = sameOriginPath(String(form.get('back') ?? ''), resource.list)
  const status = Number(form.get('status'))
  const ids = selectedIds(form.getAll('ids').map(String))
  if (!resource.statuses[status]) {
    return redirectWithToast(request, back, { type: 'error', message: 'Elija el nuevo estado.' })
  }
  if (ids.length === 0) {
    return redirectWithToast(request, back, { type: 'error', message: 'Seleccione al menos un registro.' })
  }
  try {
    await call(request, endpoint, { query: { status }, body: { ids } })
  } catch (error) {
    if (error instanceof ApiError)
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  forgetCachedCatalogue(resource)
  return redirectWithToast(request, back, { type: 'success', message: MESSAGES.statusUpdated })
}

/** Nothing to show: the form lives on the list. */
export const loader = () => {
  throw new Response('No encontrado', { status: 404 })
}
