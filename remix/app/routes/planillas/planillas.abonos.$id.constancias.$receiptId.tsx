import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** One receipt as it was uploaded: the link beside a paid line of the payroll's details. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id)
  const receiptId = idParam(params.receiptId)
  await requirePermission(request, ['planillas_abonos', 'planillas_lista'])
  const response = await apiDownload(request, `/payment-batches/${id}/receipts/${receiptId}`)
  // Opened in the browser's PDF viewer rather than saved.
  const disposition = response.headers.get('Content-Disposition')
  if (disposition) response.headers.set('Content-Disposition', disposition.replace(/^attachment/, 'inline'))
  return response
}
