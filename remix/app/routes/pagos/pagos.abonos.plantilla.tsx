import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The supplier abonos template (headers, an example row, a notes sheet). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ['pagos_pagar', 'pagos_abonos_lista'])
  return apiDownload(request, '/payment-batches/template/suppliers/xlsx')
}
