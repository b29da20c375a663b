import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The payments template (headers, an example row, a notes sheet). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ['planillas_abonos', 'pagos_abonos_lista'])
  return apiDownload(request, '/payment-batches/template/xlsx')
}
