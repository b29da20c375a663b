import {
  BATCH_STATUS,
  batchStatus,
  countOf,
  dayMonthYear,
  enumLabel,
  enumOptions,
  formatCount,
  formatDateTime,
  isBatchRunning,
  PADRON_KINDS,
  PADRON_LABEL,
  trimEmail,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { UploadOutcome } from '~/components/list/upload-outcome'
import { Badge, type Tone } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { loadList } from '~/list.server'
import { padronUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Padrones de SUNAT')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'padrones')
}

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'red' }
const KIND_OPTIONS = PADRON_KINDS.map((k) => ({ value: k, label: PADRON_LABEL[k] }))

/** 'Padrones de SUNAT': each load of a padrón, its progress while it runs and what it left. */
export default function PadronLoadList() {
  const list = useLoaderData<typeof loader>()
  const running = list.page.content.some((l) => isBatchRunning(l.status))
  return (
    <ResourceList
      list={list}
      title="Padrones de SUNAT"
      addTo={list.canEdit ? '/padrones/cargar' : undefined}
      addLabel="Cargar padrón"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      filters={[
        { kind: 'select', name: 'kind', label: 'Padrón', options: KIND_OPTIONS },
        { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) },
      ]}
      caption="Cargas de los padrones de SUNAT"
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome rows={list.page.content} running={isBatchRunning} result={padronUploadResult} />
          <p className="text-sm text-slate-700">
            Cargue el ZIP tal como lo descarga de SUNAT. El padrón reducido reemplaza el estado y la condición
            de cada RUC; cada lista reemplaza los periodos que dio la carga anterior de esa lista.
          </p>
        </>
      }
      columns={[
        { header: 'Padrón', cell: (r) => PADRON_LABEL[r.kind], mobile: 'title' },
        { header: 'Fecha del padrón', sort: 'listDate', cell: (r) => dayMonthYear(r.listDate) },
        { header: 'Fecha de carga', sort: 'createdAt', cell: (r) => formatDateTime(r.uploadDate) },
        { header: 'Archivo', cell: (r) => r.file.name },
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
              {isBatchRunning(r.status) ? (
                <>
                  <ProgressBar value={r.progress} />
                  <span className="text-xs text-slate-600">{formatCount(r.rowsRead)} filas leídas</span>
                </>
              ) : null}
              {r.status === BATCH_STATUS.PROCESSED ? (
                <span className="text-xs text-slate-600">
                  {formatCount(r.rucCount)} RUC
                  {r.errorCount ? ` · ${countOf(r.errorCount, 'línea')} omitidas` : ''}
                </span>
              ) : null}
              {r.status === BATCH_STATUS.FAILED ? (
                <span className="text-xs text-slate-600">{countOf(r.errorCount, 'error')}</span>
              ) : null}
            </span>
          ),
        },
      ]}
      actions={(r) => (
        <>
          <a href={`/padrones/${r.id}/archivo`} className="row-link" download>
            Descargar
          </a>
          {r.errorCount > 0 ? <RowLink to={`/padrones/${r.id}/errores`}>Ver errores</RowLink> : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
