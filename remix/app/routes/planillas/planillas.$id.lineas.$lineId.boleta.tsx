import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Boleta' on a payroll line (and on the worker's details): the boleta de pago as a PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_lista')
  return apiDownload(request, `/payroll/${idParam(params.id)}/lines/${idParam(params.lineId)}/boleta`)
}
