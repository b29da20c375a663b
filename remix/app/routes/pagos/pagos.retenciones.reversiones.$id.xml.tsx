import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** One resumen de reversiones' XML (UBL 2.0 VoidedDocuments, unsigned) from the API, keeping its name. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  return apiDownload(request, `/retention-receipts/reversals/${idParam(params.id)}/xml`)
}
