import {
  BATCH_STATUS,
  batchStatus,
  countOf,
  enumLabel,
  enumOptions,
  formatDateTime,
  isBatchRunning,
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
import { constanciaUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargas de constancias')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'pagos-constancias')
}

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'red' }

/** 'Cargas de constancias': SUNAT's files imported, their progress and what each recorded. */
export default function ConstanciaBatchList() {
  const list = useLoaderData<typeof loader>()
  const running = list.page.content.some((b) => isBatchRunning(b.status))
  return (
    <ResourceList
      list={list}
      title="Cargas de constancias"
      addTo={list.canEdit ? '/pagos/detracciones/importar' : undefined}
      addLabel="Importar constancias"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      filters={[{ kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) }]}
      caption="Archivos de constancias de SUNAT cargados"
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome rows={list.page.content} running={isBatchRunning} result={constanciaUploadResult} />
          <p className="text-sm text-slate-700">
            <a href="/pagos/detracciones" className="font-medium underline">
              Volver a Detracciones
            </a>{' '}
            · Cada carga lista las filas que no registró, con su motivo.
          </p>
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
        {
          header: 'Cargado por',
          sort: 'createdBy',
          cell: (r) => <span title={r.createdBy ?? undefined}>{trimEmail(r.createdBy)}</span>,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => (
            <span className="flex flex-col gap-1">
              <Badge tone={STATUS_TONES[r.status] ?? 'slate'}>{enumLabel(batchStatus, r.status)}</Badge>
              {isBatchRunning(r.status) ? <ProgressBar value={r.progress} /> : null}
              {r.status === BATCH_STATUS.FAILED ? (
                <span className="text-xs text-slate-600">{countOf(r.errorCount, 'error')}</span>
              ) : null}
              {r.status === BATCH_STATUS.PROCESSED ? (
                <span className="text-xs text-slate-600">
                  {countOf(r.matchedCount, 'depósito registrado', 'depósitos registrados')} ·{' '}
                  {countOf(r.errorCount, 'fila sin registrar', 'filas sin registrar')}
                </span>
              ) : null}
            </span>
          ),
        },
      ]}
      actions={(r) => (
        <>
          <a href={`/pagos/detracciones/constancias/${r.id}/archivo`} className="row-link" download>
            Descargar
          </a>
          {r.errorCount > 0 ? (
            <RowLink to={`/pagos/detracciones/constancias/${r.id}`}>
              {r.status === BATCH_STATUS.FAILED ? 'Ver errores' : 'Ver sin registrar'}
            </RowLink>
          ) : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
