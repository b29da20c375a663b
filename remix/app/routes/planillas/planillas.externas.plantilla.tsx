import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The payroll template: its headers, an example row and a sheet of notes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  return apiDownload(request, '/payroll-batch/template/xlsx')
}
