import { formatDateTime, periodLabel } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import {
  BatchActions,
  BatchStateCell,
  UploadBatchesIntro,
  UploadedBy,
} from '~/components/list/upload-batches'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { payrollUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de planillas')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'planillas-externas')

/** 'Carga de planillas': the uploaded payroll files and how their import went. */
export default function PayrollBatchList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Carga de planillas"
      addTo={canEdit ? '/planillas/externas/carga' : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      caption="Archivos de planilla cargados"
      before={<UploadBatchesIntro rows={list.page.content} result={payrollUploadResult} />}
      columns={[
        {
          header: 'Fecha de carga',
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.uploadDate),
          mobile: 'title',
        },
        { header: 'Archivo', sort: 'fileName', cell: (r) => r.file.name, mobile: 'title' },
        { header: 'Periodo', sort: 'period', cell: (r) => periodLabel(r.period) },
        { header: 'Planilla', cell: (r) => `${r.code} — ${r.name}` },
        {
          header: 'Cargado por',
          cell: (r) => <UploadedBy email={r.createdBy} />,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <BatchStateCell batch={r} />,
        },
      ]}
      actions={(r) => (
        <BatchActions
          fileHref={`/planillas/externas/${r.id}/archivo`}
          errorsHref={`/planillas/externas/${r.id}/errores`}
          errorCount={r.errorCount}
        >
          {r.payrollId ? <RowLink to={`/planillas/${r.payrollId}/detalles`}>Ver planilla</RowLink> : null}
        </BatchActions>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
