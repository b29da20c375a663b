import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Descargar': the padrón as it was uploaded, with its original name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'padrones_carga')
  return apiDownload(request, `/padron-loads/${idParam(params.id)}/file`)
}
