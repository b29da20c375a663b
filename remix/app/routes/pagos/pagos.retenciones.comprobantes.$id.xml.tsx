import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** One CRE's XML (UBL 2.0 Retention, unsigned) from the API, keeping its file name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  return apiDownload(request, `/retention-receipts/${idParam(params.id)}/xml`)
}
