import type { EmployeeHistory } from '@planillas/domain'
import {
  contractDuration,
  contractStatus,
  EMPLOYEE_HISTORY_LIMIT,
  enumLabel,
  formatDate,
  formatMoney,
  periodLabel,
} from '@planillas/domain'
import type { ReactNode } from 'react'
import { COLUMN } from '~/components/list/column'
import { DataTable } from '~/components/list/data-table'
import { RowLink } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'

type Line = EmployeeHistory['payrollLines'][number]

/** A titled part of the history, with how many records it shows. */
function HistoryPart({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count: number
  children: ReactNode
}) {
  return (
    <section className="flex flex-col gap-2" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-primary-dark">
        {title} ({count.toLocaleString('es-PE')})
      </h2>
      {count >= EMPLOYEE_HISTORY_LIMIT ? (
        <p className="text-sm text-slate-600">Se muestran los {EMPLOYEE_HISTORY_LIMIT} más recientes.</p>
      ) : null}
      {children}
    </section>
  )
}

/** The line in its payroll's details, found by the employee's document. */
const lineLink = (line: Line, identifier: string) =>
  `/planillas/${line.payrollId}/detalles?search=${encodeURIComponent(identifier)}`

/**
 * The employee's history: contracts, payroll lines and payments made, newest first,
 * each linking to its record. Lists become cards on a phone, as every list does.
 */
export function EmployeeHistorySection({
  history,
  identifier,
}: {
  history: EmployeeHistory
  identifier: string
}) {
  return (
    <>
      <HistoryPart id="history-contracts" title="Historial de contratos" count={history.contracts.length}>
        <DataTable
          caption="Contratos del colaborador"
          rows={history.contracts}
          rowKey={(c) => c.id}
          emptyMessage="El colaborador no tiene contratos."
          columns={[
            { header: 'Número', cell: (c) => c.number, mobile: 'title', className: 'whitespace-nowrap' },
            { header: 'Duración', cell: (c) => enumLabel(contractDuration, c.contractType) },
            { header: 'Inicio', cell: (c) => formatDate(c.startDate), width: COLUMN.date },
            {
              header: 'Fin',
              cell: (c) => (c.finishDate ? formatDate(c.finishDate) : 'Indefinido'),
              width: COLUMN.date,
            },
            {
              header: 'Sueldo Total',
              cell: (c) => formatMoney(c.totalSalary),
              className: 'whitespace-nowrap',
            },
            {
              header: 'Estado',
              cell: (c) => <StatusBadge table={contractStatus} code={c.status} />,
              width: COLUMN.status,
            },
          ]}
          actions={(c) => <RowLink to={`/contratos/${c.id}/detalle`}>Ver datos</RowLink>}
        />
      </HistoryPart>
      {history.payrollShown ? (
        <>
          <HistoryPart id="history-lines" title="Líneas de planilla" count={history.payrollLines.length}>
            <DataTable
              caption="Líneas de planilla del colaborador"
              rows={history.payrollLines}
              rowKey={(l) => l.id}
              emptyMessage="El colaborador no figura en ninguna planilla."
              columns={[
                {
                  header: 'Planilla',
                  cell: (l) => `${l.payrollCode} — ${l.payrollName}`,
                  mobile: 'title',
                },
                { header: 'Periodo', cell: (l) => periodLabel(l.period) },
                { header: 'Monto', cell: (l) => formatMoney(l.amount) },
                { header: 'Pagado', cell: (l) => (l.paid ? 'Sí' : 'No') },
              ]}
              actions={(l) => <RowLink to={lineLink(l, identifier)}>Ver datos</RowLink>}
            />
          </HistoryPart>
          <HistoryPart id="history-payments" title="Abonos recibidos" count={history.payments.length}>
            <DataTable
              caption="Abonos recibidos por el colaborador"
              rows={history.payments}
              rowKey={(l) => l.id}
              emptyMessage="El colaborador no ha recibido abonos."
              columns={[
                { header: 'Fecha de abono', cell: (l) => formatDate(l.paidDate), mobile: 'title' },
                { header: 'Planilla', cell: (l) => `${l.payrollCode} — ${l.payrollName}` },
                { header: 'Monto', cell: (l) => formatMoney(l.amount) },
                { header: 'Número de operación', cell: (l) => l.operationNumber ?? '---' },
              ]}
              actions={(l) => <RowLink to={lineLink(l, identifier)}>Ver datos</RowLink>}
            />
          </HistoryPart>
        </>
      ) : null}
    </>
  )
}
