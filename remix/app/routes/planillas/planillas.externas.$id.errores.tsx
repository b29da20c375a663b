import { periodLabel } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { UploadErrorsPage } from '~/screens/upload-errors'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Errores de la carga')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, errors] = await orBackToList(request, '/planillas/externas', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /payroll-batch/:id', { params: { id } }),
      call(request, 'GET /payroll-batch/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ])
  })
  return { batch, errors, list }
}

/** 'Ver errores': why a payroll file was refused, row by row; nothing of it was saved. */
export default function PayrollBatchErrors() {
  const { batch, errors, list } = useLoaderData<typeof loader>()
  return (
    <UploadErrorsPage
      title="Errores de la carga"
      listPath="/planillas/externas"
      batch={batch}
      about={[
        { label: 'Planilla', value: `${batch.code} — ${batch.name}` },
        { label: 'Periodo', value: periodLabel(batch.period) },
      ]}
      nothingSaved="No se guardó ninguna línea de este archivo."
      errors={errors}
      list={list}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
