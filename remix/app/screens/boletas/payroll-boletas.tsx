import {
  BOLETA_RUN_KIND,
  BOLETA_STATE,
  type BoletaLineStatusWire as BoletaLineStatus,
  type BoletaRunWire as BoletaRun,
  boletaRunStatus,
  boletaState,
  enumLabel,
  formatCount,
  formatDate,
  formatDateTime,
  type PayrollBoletasWire as PayrollBoletas,
} from '@planillas/domain'
import { Form } from 'react-router'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { Badge, type Tone } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { ProgressBar } from '~/components/ui/progress-bar'

/** The intents of the payroll details' boleta forms (its action tells them apart by `intent`). */
export const BOLETA_INTENTS = {
  zip: 'boletas-zip',
  email: 'boletas-email',
  delivered: 'boleta-delivered',
} as const

const STATE_TONE: Record<number, Tone> = {
  [BOLETA_STATE.UNPAID]: 'slate',
  [BOLETA_STATE.PENDING]: 'amber',
  [BOLETA_STATE.OVERDUE]: 'red',
  [BOLETA_STATE.DELIVERED]: 'blue',
  [BOLETA_STATE.DELIVERED_LATE]: 'amber',
  [BOLETA_STATE.ACKNOWLEDGED]: 'green',
}

export const isRunning = (run: BoletaRun | undefined) =>
  run !== undefined && (run.status === 1 || run.status === 2)

function RunLine({ run, label }: { run: BoletaRun | undefined; label: string }) {
  if (!run) return null
  return (
    <div className="flex flex-col gap-1 text-sm" role="status">
      <span>
        {label}: <strong>{enumLabel(boletaRunStatus, run.status)}</strong>
        {run.finishedAt ? ` · ${formatDateTime(run.finishedAt)}` : ''}
      </span>
      {isRunning(run) ? <ProgressBar value={run.progress} /> : null}
      {run.message ? <span className="text-slate-700">{run.message}</span> : null}
    </div>
  )
}

/** The payroll's boletas: totals, the ZIP and e-mail jobs with their progress, and their buttons. */
export function PayrollBoletasCard({
  payrollId,
  boletas,
  canSend,
}: {
  payrollId: number
  boletas: PayrollBoletas
  canSend: boolean
}) {
  const zip = boletas.runs.find((r) => r.kind === BOLETA_RUN_KIND.ZIP)
  const email = boletas.runs.find((r) => r.kind === BOLETA_RUN_KIND.EMAIL)
  const running = isRunning(zip) || isRunning(email)
  return (
    <section aria-labelledby="boletas-title" className="flex flex-col gap-3 print:hidden">
      <AutoRefresh active={running} />
      <DetailCard
        title="Boletas de pago"
        items={[
          { label: 'Entregadas', value: formatCount(boletas.delivered) },
          { label: 'Recepción confirmada', value: formatCount(boletas.acknowledged) },
          { label: 'Pendientes', value: formatCount(boletas.pending) },
          {
            label: 'Vencidas sin entregar',
            value: boletas.overdue ? <Badge tone="red">{formatCount(boletas.overdue)}</Badge> : '0',
          },
          { label: 'Entregadas con retraso', value: formatCount(boletas.deliveredLate) },
          { label: 'Pendientes sin correo', value: formatCount(boletas.withoutEmail) },
        ]}
      />
      <h2 id="boletas-title" className="sr-only">
        Preparar y enviar boletas
      </h2>
      <RunLine run={zip} label="ZIP de boletas" />
      <RunLine run={email} label="Envío por correo" />
      <div className="flex flex-wrap items-center gap-2">
        {zip?.hasFile && !isRunning(zip) ? (
          <a href={`/planillas/${payrollId}/boletas.zip`} download className={buttonClass('secondary')}>
            Descargar ZIP de boletas
          </a>
        ) : null}
        {canSend ? (
          <Form method="post">
            <input type="hidden" name="intent" value={BOLETA_INTENTS.zip} />
            <button type="submit" className={buttonClass('secondary')} disabled={isRunning(zip)}>
              {zip?.hasFile ? 'Volver a preparar el ZIP' : 'Preparar ZIP de boletas'}
            </button>
          </Form>
        ) : null}
        {canSend && boletas.mailConfigured ? (
          <Form method="post">
            <input type="hidden" name="intent" value={BOLETA_INTENTS.email} />
            <button type="submit" className={buttonClass('primary')} disabled={isRunning(email)}>
              Enviar boletas por correo
            </button>
          </Form>
        ) : null}
      </div>
      {!boletas.mailConfigured ? (
        <p className="text-sm text-slate-600">
          No hay un servidor de correo configurado: descargue las boletas y registre cada entrega a mano.
        </p>
      ) : null}
    </section>
  )
}

/** A line's boleta in its column: the link, its state, the deadline, and 'Registrar entrega'. */
export function BoletaCell({
  payrollId,
  lineId,
  rowNumber,
  status,
  canSend,
}: {
  payrollId: number
  lineId: number
  rowNumber: number
  status: BoletaLineStatus | undefined
  canSend: boolean
}) {
  return (
    <span className="flex flex-col items-start gap-1">
      <a
        href={`/planillas/${payrollId}/lineas/${lineId}/boleta`}
        download
        className="font-medium text-primary-dark underline"
        aria-label={`Boleta de la fila ${rowNumber}`}
      >
        Boleta
      </a>
      {status ? (
        <>
          <Badge tone={STATE_TONE[status.state] ?? 'slate'}>{enumLabel(boletaState, status.state)}</Badge>
          {status.deliveredAt ? (
            <span className="text-xs text-slate-600">Entregada {formatDateTime(status.deliveredAt)}</span>
          ) : status.dueDate ? (
            <span className="text-xs text-slate-600">Vence {formatDate(status.dueDate)}</span>
          ) : null}
          {status.acknowledgedAt ? (
            <span className="text-xs text-slate-600">Recibida {formatDateTime(status.acknowledgedAt)}</span>
          ) : null}
          {canSend && !status.deliveredAt ? (
            <Form method="post">
              <input type="hidden" name="intent" value={BOLETA_INTENTS.delivered} />
              <input type="hidden" name="lineId" value={lineId} />
              <button
                type="submit"
                className="rounded px-2 py-1 text-sm font-medium text-primary-dark underline hover:bg-primary-light"
                aria-label={`Registrar entrega de la boleta de la fila ${rowNumber}`}
              >
                Registrar entrega
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </span>
  )
}
