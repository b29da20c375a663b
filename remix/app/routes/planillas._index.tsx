import {
  enumLabel,
  enumOptions,
  formatCount,
  formatMoney,
  payrollType,
  periodLabel,
  periodOptions,
} from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { periodFilterOptions } from '~/components/list/list-filters'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { loadList } from '~/list.server'

export type PayrollRow = {
  id: number
  code: string
  period: string
  name: string
  type: number
  status: number
  collaborators: number
  totalAmount: number
  paid: number
  totalPaid: number
  progress: number
}

export const meta: MetaFunction = () => [{ title: 'Planillas | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await loadList<PayrollRow>(request, 'planillas')), periods: periodOptions() }
}

/** 'Planillas' (SPEC §2): each payroll with its totals and how much of it the bank has paid. */
export default function PayrollList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, periods } = list
  return (
    <ResourceList
      list={list}
      title="Planillas"
      addTo={canEdit ? '/planillas/externas/carga' : undefined}
      searchPlaceholder="Buscar por nombre de planilla"
      filters={[
        { kind: 'select', name: 'type', label: 'Tipo', options: enumOptions(payrollType) },
        { kind: 'select', name: 'period', label: 'Periodo', options: periodFilterOptions(periods) },
      ]}
      columns={[
        { header: 'Código', cell: (r) => r.code, mobile: 'title', className: 'whitespace-nowrap' },
        { header: 'Periodo', cell: (r) => periodLabel(r.period) },
        { header: 'Nombre', cell: (r) => r.name, mobile: 'title' },
        { header: 'Tipo', cell: (r) => enumLabel(payrollType, r.type) },
        { header: 'Colaboradores', cell: (r) => formatCount(r.collaborators), className: 'text-right' },
        {
          header: 'Monto Total a Pagar',
          cell: (r) => formatMoney(r.totalAmount),
          className: 'text-right whitespace-nowrap',
        },
        { header: 'Abonados', cell: (r) => formatCount(r.paid), className: 'text-right' },
        {
          header: 'Total Pagado',
          cell: (r) => formatMoney(r.totalPaid),
          className: 'text-right whitespace-nowrap',
        },
        { header: 'Progreso', cell: (r) => <ProgressBar value={r.progress} /> },
      ]}
      actions={(r) => <RowLink to={`/planillas/${r.id}/detalles`}>Ver detalle</RowLink>}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
