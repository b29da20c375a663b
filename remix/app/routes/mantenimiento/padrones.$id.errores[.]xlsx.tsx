import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** Every problem of a padrón load as a workbook (line, text, message). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'padrones_carga')
  return apiDownload(request, `/padron-loads/${idParam(params.id)}/errors/xlsx`)
}
