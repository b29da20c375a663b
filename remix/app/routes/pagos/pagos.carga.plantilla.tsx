import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The vouchers template: its headers, an example row and a sheet of notes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  return apiDownload(request, '/voucher-batches/template/xlsx')
}
