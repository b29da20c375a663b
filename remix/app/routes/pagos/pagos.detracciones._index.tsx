import { type DetractionState, formatCents, formatDate } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { TwoLineCell } from '~/components/list/data-table'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DepositAction, DetractionStateBadge } from '~/routes/pagos/+shared/detractions/deposit'
import {
  issueDateColumn,
  supplierColumn,
  VOUCHER_DATE,
} from '~/routes/pagos/+shared/vouchers/voucher-columns'
import { voucherTypeLabel } from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Detracciones')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'detracciones')

/**
 * 'Detracciones': the vouchers with a detracción, owed (within the deadline or past it) or
 * deposited at the Banco de la Nación, with 'Registrar depósito' per voucher and SUNAT's file of
 * constancias imported in the background (docs/decisions/constancias-batch.md).
 */
export default function DetractionList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  const totals = list.page.totals as typeof list.page.totals | undefined
  return (
    <ResourceList
      list={list}
      title="Detracciones"
      addTo={canEdit ? '/pagos/detracciones/importar' : undefined}
      addLabel="Importar constancias"
      searchPlaceholder="Buscar por serie-número, R.U.C. o razón social"
      columns={[
        supplierColumn(),
        {
          header: 'Comprobante',
          cell: (r) => (
            <TwoLineCell main={r.fullNumber} sub={`${voucherTypeLabel(r.type)} · ${r.companyName}`} />
          ),
          mobile: 'title',
          width: 'w-[9rem]',
        },
        issueDateColumn(),
        {
          header: 'Plazo',
          cell: (r) => <TwoLineCell main={formatDate(r.dueOn)} sub={`Registro ${r.recordingPeriod}`} />,
          width: VOUCHER_DATE,
          className: 'whitespace-nowrap',
        },
        {
          header: 'Detracción',
          sort: 'detractionCents',
          cell: (r) => (
            <TwoLineCell
              main={formatCents(r.detractionCents)}
              sub={r.spotCode ? `SPOT ${r.spotCode}` : undefined}
            />
          ),
          mobile: 'title',
          className: 'text-right whitespace-nowrap',
          width: 'w-[6.5rem]',
        },
        {
          header: 'Estado',
          sort: 'depositedOn',
          cell: (r) => (
            <>
              <DetractionStateBadge state={r.state as DetractionState} />
              {r.constancia && r.depositedOn ? (
                <span className="mt-0.5 block text-xs text-slate-600">
                  Constancia {r.constancia} del {formatDate(r.depositedOn)}
                </span>
              ) : null}
            </>
          ),
          mobile: 'title',
          width: 'w-40',
        },
      ]}
      totals={
        totals && {
          Detracción: formatCents(totals.detractionCents),
          Estado: (
            <span className="block text-xs font-normal">
              Depositado {formatCents(totals.depositedCents)}
              <br />
              Por depositar {formatCents(totals.owedCents)}
            </span>
          ),
        }
      }
      actionsWidth="w-36"
      actions={(r) => (
        <>
          <RowLink to={`/pagos/${r.id}/detalle`}>Ver comprobante</RowLink>
          {canEdit && r.state !== 'depositada' ? <DepositAction id={r.id} /> : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
