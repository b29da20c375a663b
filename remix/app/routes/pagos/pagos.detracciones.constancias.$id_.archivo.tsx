import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Descargar': SUNAT's file as it was uploaded, with its original name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  return apiDownload(request, `/constancia-batches/${idParam(params.id)}/file`)
}
