import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { apiPathOf, listResourceOf } from '~/list-resources'

/** 'Descargar': the list's workbook for the same filter as the page it was clicked on. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const resource = listResourceOf(params.resource ?? '')
  if (!resource?.downloadPermission) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, resource.downloadPermission)
  const url = new URL(request.url)
  return apiDownload(request, `${apiPathOf(resource)}/xlsx`, { body: resource.filter(url.searchParams) })
}
