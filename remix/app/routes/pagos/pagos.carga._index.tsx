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
import { voucherUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de comprobantes')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'pagos-carga')
}

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'red' }

/** 'Carga de comprobantes': the uploaded voucher files and how their registration went. */
export default function VoucherBatchList() {
  const list = useLoaderData<typeof loader>()
  const running = list.page.content.some((b) => isBatchRunning(b.status))
  return (
    <ResourceList
      list={list}
      title="Carga de comprobantes"
      addTo={list.canEdit ? '/pagos/carga/nueva' : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      filters={[{ kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) }]}
      caption="Archivos de comprobantes cargados"
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome rows={list.page.content} running={isBatchRunning} result={voucherUploadResult} />
          <p className="text-sm text-slate-700">
            <a href="/pagos/carga/plantilla" download className="font-medium underline">
              Descargar plantilla
            </a>{' '}
            ·{' '}
            {list.canEdit ? (
              <>
                <a href="/pagos/carga/xml" className="font-medium underline">
                  Cargar XML (ZIP)
                </a>{' '}
                ·{' '}
              </>
            ) : null}
            · Los comprobantes cargados quedan REGISTRADOS con el PDF pendiente: adjúntelo en el detalle de
            cada uno antes de autorizarlo.
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
        { header: 'Empresa', cell: (r) => r.companyName },
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
                <span className="text-xs text-slate-600">{countOf(r.voucherCount, 'comprobante')}</span>
              ) : null}
            </span>
          ),
        },
      ]}
      actions={(r) => (
        <>
          <a href={`/pagos/carga/${r.id}/archivo`} className="row-link" download>
            Descargar
          </a>
          {r.errorCount > 0 ? <RowLink to={`/pagos/carga/${r.id}/errores`}>Ver errores</RowLink> : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
