import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Descargar': the vouchers file as it was uploaded, with its original name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  return apiDownload(request, `/voucher-batches/${idParam(params.id)}/file`)
}
