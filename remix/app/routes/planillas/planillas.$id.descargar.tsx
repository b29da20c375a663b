import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { paidFilter } from '~/routes/planillas/+shared/paid-filter'

/** 'Descargar' on a payroll's details: its lines as a workbook, with the search and payment state shown. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_descarga_excel')
  const query = new URL(request.url).searchParams
  return apiDownload(request, `/payroll/${idParam(params.id)}/lines/xlsx`, {
    body: { search: query.get('search') ?? undefined, paid: paidFilter(query) },
  })
}
