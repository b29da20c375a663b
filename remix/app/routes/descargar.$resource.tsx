import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { apiPathOf, listResourceOf, selectionFilter } from '~/list-resources'
import { redirectWithToast } from '~/session.server'
import { sameOriginPath } from '~/utils/same-origin-path'

/**
 * 'Descargar': the list's workbook for the same filter as the page it was clicked on.
 * 'Descargar selección' (`seleccion=1` and the ticked `ids`): only those rows; none ticked goes back
 * to the list (`back`) saying so. A list whose screen has no 'Descargar' (cargos) has neither.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const resource = listResourceOf(params.resource ?? '')
  if (!resource?.downloadPermission) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, resource.downloadPermission)
  const url = new URL(request.url)
  const selection = selectionFilter(url.searchParams)
  if (selection && !selection.ids.length) {
    const back = sameOriginPath(url.searchParams.get('back'), '/')
    throw await redirectWithToast(request, back, {
      type: 'error',
      message: 'Seleccione al menos un registro.',
    })
  }
  return apiDownload(request, `${apiPathOf(resource)}/xlsx`, {
    body: selection ?? resource.filter(url.searchParams),
  })
}
