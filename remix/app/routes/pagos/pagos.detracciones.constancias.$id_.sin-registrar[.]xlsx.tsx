import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

/** Every row a constancias load did not record (or its file's problems) as a workbook. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  return apiDownload(request, `/constancia-batches/${idParam(params.id)}/errors/xlsx`)
}
