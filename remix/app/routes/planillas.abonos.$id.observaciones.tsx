import { formatCount, formatDate, formatDateTime, isPaymentBatchRunning } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { BackToList } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { Pagination } from '~/components/list/pagination'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { IssueKindBadge, PaymentStatusBadge } from '~/screens/payments/payment-badges'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => `Observaciones de la carga #${params.id}`)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id)
  await requirePermission(request, ['planillas_abonos', 'pagos_abonos_lista'])
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, issues] = await orBackToList(request, '/planillas/abonos', () =>
    Promise.all([
      call(request, 'GET /payment-batches/:id', { params: { id } }),
      call(request, 'GET /payment-batches/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ]),
  )
  return { batch, issues, list }
}

/** What a payments upload could not apply, row by row, with the reason (and the file-level errors). */
export default function PaymentObservations() {
  const { batch, issues, list } = useLoaderData<typeof loader>()
  const running = isPaymentBatchRunning(batch.status)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <AutoRefresh active={running} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold text-slate-900">
          Observaciones de la carga de abonos #{batch.id}
        </h1>
        <div className="flex flex-wrap gap-2">
          {issues.totalElements > 0 ? (
            <a
              href={`/planillas/abonos/${batch.id}/descargar/observaciones`}
              className={buttonClass('secondary')}
              download
            >
              Descargar observaciones
            </a>
          ) : null}
          <a
            href={`/planillas/abonos/${batch.id}/descargar/excel`}
            className={buttonClass('secondary')}
            download
          >
            Descargar Excel
          </a>
          <BackToList to="/planillas/abonos" />
        </div>
      </div>
      <DetailCard
        title="Carga"
        items={[
          { label: 'N° de planilla', value: batch.payrollNumber },
          { label: 'Descripción de planilla', value: batch.payrollDesc },
          { label: 'Fecha de abono', value: formatDate(batch.paymentDate) },
          { label: 'Estado', value: <PaymentStatusBadge status={batch.status} progress={batch.progress} /> },
          { label: 'Fecha de carga', value: formatDateTime(batch.uploadDate) },
          { label: 'Cargado por', value: batch.createdBy },
          { label: 'Archivo', value: batch.file.name },
          { label: 'Filas leídas', value: running ? null : formatCount(batch.rowsRead) },
          { label: 'Filas abonadas', value: running ? null : formatCount(batch.matchedCount) },
          {
            label: 'Documentos fuera de la planilla',
            value: running ? null : formatCount(batch.unmatchedCount),
          },
          {
            label: 'Filas no abonadas por otro motivo',
            value: running ? null : formatCount(batch.mismatchedCount),
          },
          { label: 'Constancias', value: formatCount(batch.receiptCount) },
        ]}
      />
      {running ? (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700" role="status">
          La carga se está procesando; esta página se actualiza sola.
        </p>
      ) : (
        <>
          <DataTable
            caption="Observaciones y errores"
            rows={issues.content}
            rowKey={(i) => i.id}
            columns={[
              { header: 'Tipo', cell: (i) => <IssueKindBadge kind={i.kind} />, mobile: 'title' },
              { header: 'Fila', cell: (i) => i.rowNumber ?? '---', mobile: 'title' },
              { header: 'Columna', cell: (i) => i.column ?? '---' },
              { header: 'Valor', cell: (i) => i.value || '---' },
              { header: 'Motivo', cell: (i) => i.reason, className: 'max-w-xl', mobile: 'title' },
            ]}
          />
          <Pagination
            page={list.page}
            size={list.size}
            totalElements={issues.totalElements}
            totalPages={issues.totalPages}
            totalIsExact={issues.totalIsExact}
            totalIsEstimate={issues.totalIsEstimate}
          />
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
