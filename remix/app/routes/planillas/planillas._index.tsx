import { enumLabel, formatCount, formatMoney, payrollType, periodLabel } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { codeColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Planillas')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'planillas')

/** 'Planillas': each payroll with its totals and how much of it the bank has paid. */
export default function PayrollList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  // Absent when the filter was refused (the list shows its message instead).
  const totals = list.page.totals as typeof list.page.totals | undefined
  return (
    <ResourceList
      list={list}
      title="Planillas"
      addTo={canEdit ? '/planillas/externas/carga' : undefined}
      searchPlaceholder="Buscar por nombre de planilla"
      columns={[
        codeColumn({ sort: 'code', width: COLUMN.shortCode }),
        { header: 'Periodo', sort: 'period', cell: (r) => periodLabel(r.period), width: COLUMN.date },
        { header: 'Nombre', sort: 'name', cell: (r) => r.name, mobile: 'title' },
        { header: 'Tipo', cell: (r) => enumLabel(payrollType, r.type), width: COLUMN.date },
        {
          header: 'Colaboradores',
          cell: (r) => formatCount(r.collaborators),
          className: 'text-right',
          width: COLUMN.count,
        },
        {
          header: 'Monto Total a Pagar',
          sort: 'totalAmount',
          cell: (r) => formatMoney(r.totalAmount),
          className: 'text-right whitespace-nowrap',
          width: COLUMN.money,
        },
        {
          header: 'Abonados',
          cell: (r) => formatCount(r.paid),
          className: 'text-right',
          width: COLUMN.count,
        },
        {
          header: 'Total Pagado',
          cell: (r) => formatMoney(r.totalPaid),
          className: 'text-right whitespace-nowrap',
          width: COLUMN.money,
        },
        {
          header: 'Progreso',
          sort: 'progress',
          cell: (r) => <ProgressBar value={r.progress} />,
          width: COLUMN.progress,
        },
      ]}
      totals={
        totals && {
          Colaboradores: formatCount(totals.collaborators),
          'Monto Total a Pagar': formatMoney(totals.totalAmount),
          Abonados: formatCount(totals.paid),
          'Total Pagado': formatMoney(totals.totalPaid),
        }
      }
      actions={(r) => <RowLink to={`/planillas/${r.id}/detalles`}>Ver detalle</RowLink>}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
