import {
  formatCents,
  formatCount,
  formatCurrencyCents,
  formatDate,
  formatDateTime,
  PAYMENT_ORDER_STATUS,
  type SupplierRunRow,
} from '@planillas/domain'
import { COLUMN } from '~/components/list/column'
import { DataTable, TwoLineCell } from '~/components/list/data-table'
import { AnnulOrderAction, FREES_VOUCHERS } from '~/screens/payment-orders/annul-action'
import { OrderState } from '~/screens/payment-orders/orders-table'

/** Where a run is annulled without JavaScript (the dialog posts there too). */
export const runAnnulHref = (id: number) => `/pagos/generar/${id}/anular`
/** A run's file as it was stored: 'transferencias' (CCI Excel) or 'detracciones' (Banco de la Nación). */
export const runFileHref = (id: number, file: 'transferencias' | 'detracciones') =>
  `/pagos/generar/${id}/${file}`

/**
 * A file's link; who may not download bank files (docs/decisions/bank-file-readers.md) sees its name
 * only. Its name says the file and ends with what the link shows (a spoken command finds it).
 */
const fileLink = (href: string, name: string, label: string, canDownload: boolean) =>
  canDownload ? (
    <a
      href={href}
      download
      className="font-medium text-primary-dark underline"
      aria-label={`Descargar ${name}, ${label}`}
    >
      {label}
    </a>
  ) : (
    <span>{label}</span>
  )

/** 'Órdenes de pago generadas': every run, open or not, with both files downloadable again. */
export function SupplierRunsTable({
  runs,
  canAnnul,
  canDownload,
}: {
  runs: SupplierRunRow[]
  canAnnul: boolean
  canDownload: boolean
}) {
  return (
    <DataTable
      caption="Órdenes de pago a proveedores"
      rows={runs}
      rowKey={(r) => r.id}
      emptyMessage="Todavía no se generó ninguna orden de pago a proveedores."
      columns={[
        {
          header: 'Orden',
          cell: (r) => (
            <TwoLineCell
              main={`Orden N° ${r.id}`}
              sub={`${formatDateTime(r.createdAt)} · ${r.createdBy ?? ''}`}
            />
          ),
          mobile: 'title',
        },
        { header: 'Estado', cell: (r) => <OrderState order={r} />, width: COLUMN.status },
        {
          header: 'Fecha de pago',
          cell: (r) => formatDate(r.paymentDate),
          mobile: 'title',
          width: COLUMN.date,
        },
        {
          header: 'Empresa · cuenta de cargo',
          cell: (r) => `${r.companyName} · ${r.account} (${r.currency})`,
        },
        {
          header: 'Proveedores',
          cell: (r) => `${formatCount(r.lineCount)} (${formatCount(r.voucherCount)} comprob.)`,
          width: COLUMN.count,
        },
        {
          header: 'Neto',
          cell: (r) => formatCurrencyCents(r.currency, r.totalCents),
          className: 'text-right',
          width: COLUMN.money,
        },
        {
          header: 'Detracción · retención',
          cell: (r) => (
            <TwoLineCell
              main={formatCents(r.detractionCents)}
              sub={`Retención ${formatCents(r.retentionCents)}`}
            />
          ),
          className: 'text-right',
          width: 'w-28',
        },
        {
          header: 'Archivos',
          width: 'w-40',
          fullText: true,
          cell: (r) => (
            <div className="flex flex-col gap-1">
              <span>
                {fileLink(runFileHref(r.id, 'transferencias'), r.fileName, 'Transferencias CCI', canDownload)}{' '}
                <code className="text-xs" title={r.sha256}>
                  {r.sha256.slice(0, 12)}…
                </code>
              </span>
              {r.detractionFile ? (
                <span>
                  {fileLink(
                    runFileHref(r.id, 'detracciones'),
                    r.detractionFile.fileName,
                    `Detracciones lote ${r.detractionFile.lot}`,
                    canDownload,
                  )}{' '}
                  <code className="text-xs" title={r.detractionFile.sha256}>
                    {r.detractionFile.sha256.slice(0, 12)}…
                  </code>
                </span>
              ) : (
                <span className="text-xs text-slate-600">Sin detracciones por depositar</span>
              )}
            </div>
          ),
        },
      ]}
      actions={(r) =>
        canAnnul && r.status === PAYMENT_ORDER_STATUS.GENERATED ? (
          <AnnulOrderAction href={runAnnulHref(r.id)} orderId={r.id} freed={FREES_VOUCHERS} />
        ) : null
      }
    />
  )
}
