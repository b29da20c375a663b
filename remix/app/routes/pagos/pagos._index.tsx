import { formatCents, formatCurrencyCents, formatDate } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { requireUser } from '~/auth.server'
import { TwoLineCell } from '~/components/list/data-table'
import { ResourceList } from '~/components/list/resource-list'
import { RowMenu } from '~/components/list/row-menu'
import { RowLink } from '~/components/list/status-action'
import { Badge } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import {
  issueDateColumn,
  supplierColumn,
  VOUCHER_DATE,
} from '~/routes/pagos/+shared/vouchers/voucher-columns'
import {
  stepsFor,
  VoucherStatusBadge,
  VoucherStepAction,
  voucherTypeLabel,
} from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Comprobantes por pagar')

export async function loader({ request }: LoaderFunctionArgs) {
  const list = await loadList(request, 'pagos')
  const { user } = await requireUser(request)
  return { ...list, user: { email: user.email, roles: user.roles } }
}

/** Amounts take a width narrow enough to leave the supplier's name room at 1280 px. */
const NARROW = 'w-[5.5rem]'

/** 'Comprobantes': the supplier vouchers to pay, by due date, with their deductions and steps. */
/** A total in soles and, when the list has vouchers in dollars, theirs beside it. */
const withDollars = (solesCents: number, dollarCents: number) =>
  dollarCents
    ? `${formatCents(solesCents)} + ${formatCurrencyCents('USD', dollarCents)}`
    : formatCents(solesCents)

export default function VoucherList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, user } = list
  const totals = list.page.totals as typeof list.page.totals | undefined
  return (
    <ResourceList
      list={list}
      title="Comprobantes por pagar"
      addTo={canEdit ? '/pagos/registrar' : undefined}
      addLabel="Registrar comprobante"
      searchPlaceholder="Buscar por serie-número, R.U.C. o razón social"
      columns={[
        supplierColumn(),
        {
          header: 'Comprobante',
          cell: (r) => <TwoLineCell main={r.fullNumber} sub={voucherTypeLabel(r.type)} />,
          mobile: 'title',
          width: 'w-[7.5rem]',
          className: 'whitespace-nowrap',
        },
        issueDateColumn(),
        {
          header: 'Vencimiento',
          sort: 'dueDate',
          cell: (r) => (
            <>
              {formatDate(r.dueDate)}
              {r.overdue ? (
                <span className="mt-0.5 block">
                  <Badge tone="red">VENCIDO</Badge>
                </span>
              ) : null}
            </>
          ),
          width: VOUCHER_DATE,
          className: 'whitespace-nowrap',
        },
        {
          header: 'Total',
          sort: 'totalCents',
          cell: (r) => formatCurrencyCents(r.currency, r.totalCents),
          className: 'text-right whitespace-nowrap',
          width: NARROW,
        },
        {
          header: 'Detracción',
          cell: (r) => formatCents(r.detractionCents),
          className: 'text-right whitespace-nowrap',
          width: NARROW,
        },
        {
          header: 'Retención',
          cell: (r) => formatCents(r.retentionCents),
          className: 'text-right whitespace-nowrap',
          width: NARROW,
        },
        {
          header: 'Neto',
          cell: (r) => formatCurrencyCents(r.currency, r.netCents),
          mobile: 'title',
          className: 'text-right whitespace-nowrap',
          width: NARROW,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <VoucherStatusBadge status={r.status} />,
          mobile: 'title',
          width: 'w-28',
        },
      ]}
      totals={
        totals && {
          // Dollars are never added to soles: their totals come beside them.
          Total: withDollars(totals.totalCents, totals.usdTotalCents),
          Detracción: formatCents(totals.detractionCents),
          Retención: formatCents(totals.retentionCents),
          Neto: withDollars(totals.netCents, totals.usdNetCents),
        }
      }
      actions={(r) => {
        const steps = stepsFor(r, user)
        return (
          <>
            <RowLink to={`/pagos/${r.id}/detalle`}>Ver detalle</RowLink>
            {steps.length ? (
              <RowMenu label={r.fullNumber}>
                {steps.map((step) => (
                  <VoucherStepAction key={step} voucher={r} step={step} />
                ))}
              </RowMenu>
            ) : null}
          </>
        )
      }}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
