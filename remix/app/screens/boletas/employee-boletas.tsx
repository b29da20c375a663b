import {
  BOLETA_STATE,
  boletaState,
  type EmployeeBoletaSchema,
  enumLabel,
  formatDate,
  formatDateTime,
  formatMoney,
  periodLabel,
  type Wire,
} from '@planillas/domain'
import { COLUMN } from '~/components/list/column'
import { DataTable } from '~/components/list/data-table'
import { Badge } from '~/components/ui/badge'

type EmployeeBoleta = Wire<typeof EmployeeBoletaSchema>

/** A worker's boletas by period, on their details page, each with its PDF and delivery. */
export function EmployeeBoletasSection({ boletas }: { boletas: EmployeeBoleta[] }) {
  return (
    <section aria-labelledby="boletas-title" className="flex flex-col gap-3">
      <h2 id="boletas-title" className="text-lg font-semibold">
        Boletas de pago
      </h2>
      <DataTable
        caption="Boletas de pago del colaborador"
        rows={boletas}
        rowKey={(b) => b.lineId}
        emptyMessage="El colaborador no figura en ninguna planilla."
        columns={[
          { header: 'Periodo', cell: (b) => periodLabel(b.period), mobile: 'title', width: 'w-24' },
          { header: 'Planilla', cell: (b) => `${b.payrollCode} · ${b.payrollName}`, fullText: true },
          {
            header: 'Monto',
            cell: (b) => formatMoney(b.amount),
            className: 'text-right whitespace-nowrap',
            width: COLUMN.money,
          },
          {
            header: 'Entrega',
            fullText: true,
            cell: (b) => (
              <span className="flex flex-col items-start gap-1">
                <Badge
                  tone={
                    b.state === BOLETA_STATE.OVERDUE
                      ? 'red'
                      : b.state === BOLETA_STATE.ACKNOWLEDGED
                        ? 'green'
                        : b.state === BOLETA_STATE.UNPAID
                          ? 'slate'
                          : 'amber'
                  }
                >
                  {enumLabel(boletaState, b.state)}
                </Badge>
                {b.deliveredAt ? (
                  <span className="text-xs text-slate-600">Entregada {formatDateTime(b.deliveredAt)}</span>
                ) : b.dueDate ? (
                  <span className="text-xs text-slate-600">Vence {formatDate(b.dueDate)}</span>
                ) : null}
              </span>
            ),
          },
        ]}
        actions={(b) => (
          <a
            href={`/planillas/${b.payrollId}/lineas/${b.lineId}/boleta`}
            download
            className="font-medium text-primary-dark underline"
            aria-label={`Boleta de ${periodLabel(b.period)} (${b.payrollCode})`}
          >
            Boleta
          </a>
        )}
      />
    </section>
  )
}
