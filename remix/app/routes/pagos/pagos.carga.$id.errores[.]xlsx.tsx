import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** Every row error of a voucher batch as a workbook (row, column, value, message). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  return apiDownload(request, `/voucher-batches/${idParam(params.id)}/errors/xlsx`)
}
