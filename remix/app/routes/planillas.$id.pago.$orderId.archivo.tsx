import type { LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { redirectWithToast } from '~/session.server'

/**
 * 'Descargar': a generated payment file exactly as it was stored, only under its own payroll (the
 * API answers 404 for another payroll's order). A file that is not there: its message on the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  try {
    return await apiDownload(request, `/payment-orders/${idParam(params.orderId)}/file`, {
      query: { payrollId },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      throw await redirectWithToast(request, `/planillas/${payrollId}/pago`, {
        type: 'error',
        message: error.messages.join(' '),
      })
    throw error
  }
}
