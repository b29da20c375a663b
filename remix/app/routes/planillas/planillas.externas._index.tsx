import {
  batchStatus,
  countOf,
  enumLabel,
  enumOptions,
  formatDateTime,
  isBatchRunning,
  periodLabel,
  periodOptions,
  trimEmail,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { periodFilterOptions } from '~/components/list/list-filters'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { UploadOutcome } from '~/components/list/upload-outcome'
import { Badge, type Tone } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { loadList } from '~/list.server'
import { payrollUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de planillas')

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await loadList(request, 'planillas-externas')), periods: periodOptions() }
}

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'red' }

/** 'Carga de planillas': the uploaded payroll files and how their import went. */
export default function PayrollBatchList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, periods } = list
  const running = list.page.content.some((b) => isBatchRunning(b.status))
  return (
    <ResourceList
      list={list}
      title="Carga de planillas"
      addTo={canEdit ? '/planillas/externas/carga' : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      filters={[
        { kind: 'select', name: 'period', label: 'Periodo', options: periodFilterOptions(periods) },
        { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) },
      ]}
      caption="Archivos de planilla cargados"
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome rows={list.page.content} running={isBatchRunning} result={payrollUploadResult} />
        </>
      }
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
          cell: (r) => <span title={r.createdBy ?? undefined}>{trimEmail(r.createdBy)}</span>,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => (
            <span className="flex flex-col gap-1">
              <Badge tone={STATUS_TONES[r.status] ?? 'slate'}>{enumLabel(batchStatus, r.status)}</Badge>
              {isBatchRunning(r.status) ? <ProgressBar value={r.progress} /> : null}
              {r.status === 4 ? (
                <span className="text-xs text-slate-600">{countOf(r.errorCount, 'error')}</span>
              ) : null}
            </span>
          ),
        },
      ]}
      actions={(r) => (
        <>
          <a href={`/planillas/externas/${r.id}/archivo`} className="row-link" download>
            Descargar
          </a>
          {r.errorCount > 0 ? (
            <RowLink to={`/planillas/externas/${r.id}/errores`}>Ver errores</RowLink>
          ) : null}
          {r.payrollId ? <RowLink to={`/planillas/${r.payrollId}/detalles`}>Ver planilla</RowLink> : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
