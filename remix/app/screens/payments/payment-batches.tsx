import {
  formatCount,
  formatDate,
  formatDateTime,
  isPaymentBatchRunning,
  type PageResponse,
  type PaymentBatchRow,
  type PaymentIssue,
  type Permission,
  trimEmail,
} from '@planillas/domain'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { BackToList } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { Pagination } from '~/components/list/pagination'
import { type LoadedList, ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { UploadOutcome } from '~/components/list/upload-outcome'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { IssueKindBadge, PaymentStatusBadge } from '~/screens/payments/payment-badges'
import { paymentUploadResult } from '~/upload-results'
import type { ListParams } from '~/utils/list-params'

/**
 * Where a kind of payments upload lives: payroll abonos ('/planillas/abonos') or supplier abonos
 * ('/pagos/abonos'). One list and one observations page serve both, named by this.
 */
export type PaymentBatchPlace = {
  base: string
  /** Who reads this place's batches and their files (the API asks the same of each batch's source). */
  permission: Permission
  title: string
  /** The table's name for screen readers. */
  caption: string
  /** What a batch pays, as its column and detail name it: 'N° de planilla', 'N° de orden de pago'. */
  targetLabel: string
  descLabel: string
  /** The observation counted as 'not found': 'Documentos fuera de la planilla'. */
  unmatchedLabel: string
}

export const PAYROLL_ABONOS: PaymentBatchPlace = {
  base: '/planillas/abonos',
  permission: 'planillas_abonos',
  title: 'Carga de abonos',
  caption: 'Cargas de abonos',
  targetLabel: 'N° de planilla',
  descLabel: 'Descripción de planilla',
  unmatchedLabel: 'Documentos fuera de la planilla',
}

export const SUPPLIER_ABONOS: PaymentBatchPlace = {
  base: '/pagos/abonos',
  permission: 'pagos_abonos_lista',
  title: 'Abonos de proveedores',
  caption: 'Abonos de proveedores',
  targetLabel: 'N° de orden de pago',
  descLabel: 'Descripción',
  unmatchedLabel: 'Proveedores fuera de la orden',
}

type BatchList = LoadedList<PaymentBatchRow> & { canEdit?: boolean }

/** The uploads of payments made, newest first, refreshing while one runs. */
export function PaymentBatchList({ place, list }: { place: PaymentBatchPlace; list: BatchList }) {
  const running = list.page.content.some((b) => isPaymentBatchRunning(b.status))
  return (
    <ResourceList
      list={list}
      title={place.title}
      addTo={list.canEdit ? `${place.base}/carga` : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por usuario que cargó"
      caption={place.caption}
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome
            rows={list.page.content}
            running={isPaymentBatchRunning}
            result={paymentUploadResult}
          />
        </>
      }
      columns={[
        {
          header: 'Fecha de carga',
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.uploadDate),
          mobile: 'title',
        },
        {
          header: 'Cargado por',
          cell: (r) => <span title={r.createdBy ?? undefined}>{trimEmail(r.createdBy)}</span>,
          mobile: 'title',
        },
        {
          header: place.targetLabel,
          className: 'whitespace-nowrap',
          cell: (r) => (
            <span title={r.payrollDesc ?? undefined}>
              {r.payrollNumber}
              {r.payrollDesc ? <span className="block text-xs text-slate-500">{r.payrollDesc}</span> : null}
            </span>
          ),
        },
        { header: 'Fecha de abono', sort: 'paymentDate', cell: (r) => formatDate(r.paymentDate) },
        {
          header: 'Abonados',
          cell: (r) =>
            isPaymentBatchRunning(r.status)
              ? '---'
              : `${formatCount(r.matchedCount)} de ${formatCount(r.rowsRead)}`,
        },
        {
          header: 'Estado',
          sort: 'status',
          className: 'whitespace-nowrap',
          cell: (r) => <PaymentStatusBadge status={r.status} progress={r.progress} />,
        },
      ]}
      actionsWidth="w-48"
      actions={(r) => (
        <>
          {r.receiptCount > 0 ? (
            <a href={`${place.base}/${r.id}/descargar/constancias`} className="row-link">
              Descargar constancias
            </a>
          ) : null}
          {r.issueCount > 0 ? (
            <RowLink to={`${place.base}/${r.id}/observaciones`}>Ver observaciones</RowLink>
          ) : null}
        </>
      )}
    />
  )
}

/** What a payments upload could not apply, row by row, with the reason (and the file-level errors). */
export function PaymentObservations({
  place,
  batch,
  issues,
  list,
}: {
  place: PaymentBatchPlace
  batch: PaymentBatchRow
  issues: PageResponse<PaymentIssue>
  list: ListParams
}) {
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
              href={`${place.base}/${batch.id}/descargar/observaciones`}
              className={buttonClass('secondary')}
              download
            >
              Descargar observaciones
            </a>
          ) : null}
          <a href={`${place.base}/${batch.id}/descargar/excel`} className={buttonClass('secondary')} download>
            Descargar Excel
          </a>
          <BackToList to={place.base} />
        </div>
      </div>
      <DetailCard
        title="Carga"
        items={[
          { label: place.targetLabel, value: batch.payrollNumber },
          { label: place.descLabel, value: batch.payrollDesc },
          { label: 'Fecha de abono', value: formatDate(batch.paymentDate) },
          { label: 'Estado', value: <PaymentStatusBadge status={batch.status} progress={batch.progress} /> },
          { label: 'Fecha de carga', value: formatDateTime(batch.uploadDate) },
          { label: 'Cargado por', value: batch.createdBy },
          { label: 'Archivo', value: batch.file.name },
          { label: 'Filas leídas', value: running ? null : formatCount(batch.rowsRead) },
          { label: 'Filas abonadas', value: running ? null : formatCount(batch.matchedCount) },
          { label: place.unmatchedLabel, value: running ? null : formatCount(batch.unmatchedCount) },
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
          <Pagination page={list.page} size={list.size} of={issues} />
        </>
      )}
    </section>
  )
}
