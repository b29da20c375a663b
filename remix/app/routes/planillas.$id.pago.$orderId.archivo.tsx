import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Descargar': a generated payment file exactly as it was stored. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  return apiDownload(request, `/payment-orders/${idParam(params.orderId)}/file`)
}
