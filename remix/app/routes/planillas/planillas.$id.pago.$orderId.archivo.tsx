import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'

/**
 * 'Descargar': a generated payment file exactly as it was stored, only under its own payroll (the
 * API answers 404 for another payroll's order). A file that is not there: its message on the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  return orBackToList(request, `/planillas/${payrollId}/pago`, () =>
    apiDownload(request, `/payment-orders/${idParam(params.orderId)}/file`, { query: { payrollId } }),
  )
}
