import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Descargar ZIP de boletas' on a payroll's details: every boleta of the payroll, once prepared. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_lista')
  return apiDownload(request, `/payroll/${idParam(params.id)}/boletas/zip`)
}
