import {
  BATCH_STATUS,
  can,
  centsToSoles,
  countOf,
  formatCount,
  formatDate,
  formatMoney,
  isBatchRunning,
  isPaymentBatchRunning,
  PAYMENT_BATCH_STATUS,
  periodLabel,
} from '@planillas/domain'
import type { ReactNode } from 'react'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { ColumnChart } from '~/components/charts/column-chart'
import { ProgressChart } from '~/components/charts/progress-chart'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { isGroup, menuFor } from '~/menu'
import { paymentUploadResult, payrollUploadResult, RECEIVED_PARAM } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Control de pagos')

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'dashboard')
  const shortcuts = menuFor(user.roles)
    .flatMap((e) => (isGroup(e) ? e.children : [e]))
    .filter((l) => l.to !== '/')
  const [summary, boletas] = await Promise.all([
    call(request, 'GET /dashboard'),
    // Boletas past their deadline and not delivered: for who may see the payrolls.
    can(user.roles, 'planillas_lista') ? call(request, 'GET /boletas/overdue') : Promise.resolve(null),
  ])
  return {
    name: user.name,
    shortcuts,
    summary,
    boletas,
    mine: await myLastUploads(request, user.email, summary.uploads),
  }
}

/** How many of the user's own uploads of each kind the dashboard lists. */
const MY_UPLOADS = 3

/**
 * The user's last uploads of each kind they may see (the uploads panel says which), newest first,
 * with their result or that they are still running: the lists' search matches who uploaded.
 */
async function myLastUploads(
  request: Request,
  email: string,
  uploads: { payroll?: unknown; payment?: unknown } | null | undefined,
) {
  const page = { page: 0, size: MY_UPLOADS }
  const [payroll, payment] = await Promise.all([
    uploads?.payroll
      ? call(request, 'POST /payroll-batch/list', { body: { search: email }, query: page })
      : null,
    uploads?.payment
      ? call(request, 'POST /payment-batches/list', { body: { search: email }, query: page })
      : null,
  ])
  const mine = (createdBy: string | null) => createdBy?.toLowerCase() === email.toLowerCase()
  return [
    ...(payroll?.content ?? [])
      .filter((b) => mine(b.createdBy))
      .map((b) => ({
        key: `planilla-${b.id}`,
        at: b.uploadDate,
        text: `Planilla ${b.code}: ${isBatchRunning(b.status) ? 'en proceso' : payrollUploadResult(b)}`,
        href: `/planillas/externas?${RECEIVED_PARAM}=${b.id}`,
      })),
    ...(payment?.content ?? [])
      .filter((b) => mine(b.createdBy))
      .map((b) => ({
        key: `abonos-${b.id}`,
        at: b.uploadDate,
        text: `Abonos de la planilla ${b.payrollNumber}: ${
          isPaymentBatchRunning(b.status) ? 'en proceso' : paymentUploadResult(b)
        }`,
        href: `/planillas/abonos?${RECEIVED_PARAM}=${b.id}`,
      })),
  ]
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, MY_UPLOADS)
}

/**
 * 'Control de pagos': what needs attention today — payrolls the bank has not paid in
 * full, uploads running or failed, contracts about to end — then a shortcut to every module.
 */
export default function Dashboard() {
  const { name, shortcuts, summary, boletas, mine } = useLoaderData<typeof loader>()
  const { payrolls, uploads, contracts, payments } = summary
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold">
          Control de pagos
        </h1>
        <p className="mt-1 text-slate-600">Bienvenido(a), {name}.</p>
      </div>

      {payrolls || uploads || contracts || payments ? (
        // Panels fill the row whatever the user may see: no empty half-page for a one-module user.
        <div className="grid grid-cols-[repeat(auto-fit,minmax(20rem,1fr))] items-start gap-4">
          {payrolls ? <PayrollsPanel payrolls={payrolls} /> : null}
          {boletas ? <BoletasPanel boletas={boletas} /> : null}
          {uploads ? <UploadsPanel uploads={uploads} mine={mine} /> : null}
          {contracts ? <ContractsPanel contracts={contracts} /> : null}
          {payments ? <PaymentsPanel payments={payments} /> : null}
          {payrolls ? <PeriodProgressPanel payrolls={payrolls} /> : null}
          {payrolls ? <PaidByWeekPanel payrolls={payrolls} /> : null}
          {contracts ? <EndingByMonthPanel contracts={contracts} /> : null}
        </div>
      ) : null}

      <nav aria-label="Accesos directos">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shortcuts.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="block rounded border border-slate-200 bg-white p-4 font-medium text-primary-dark shadow-sm hover:border-primary"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

type Summary = Awaited<ReturnType<typeof loader>>['summary']
type Payrolls = NonNullable<Summary['payrolls']>
type Uploads = NonNullable<Summary['uploads']>
type Contracts = NonNullable<Summary['contracts']>
type Payments = NonNullable<Summary['payments']>
type Boletas = NonNullable<Awaited<ReturnType<typeof loader>>['boletas']>
type Mine = Awaited<ReturnType<typeof myLastUploads>>

function PayrollsPanel({ payrolls }: { payrolls: Payrolls }) {
  return (
    <Panel title="Planillas por abonar">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Planillas" value={formatCount(payrolls.count)} />
        <Figure label="Colaboradores por abonar" value={formatCount(payrolls.pendingLines)} />
        <Figure label="Monto por abonar" value={formatMoney(payrolls.pendingAmount)} />
      </dl>
      {payrolls.recent.length ? (
        <ul className="divide-y divide-slate-100" aria-label="Planillas más recientes por abonar">
          {payrolls.recent.map((p) => (
            <li key={p.id} className="flex flex-col gap-0.5 py-2 text-sm">
              <Link to={`/planillas/${p.id}/detalles`} className="font-medium text-primary-dark underline">
                {p.code} — {p.name}
              </Link>
              <span className="text-slate-600">
                {periodLabel(p.period)} · {formatCount(p.paid)} de {formatCount(p.collaborators)} abonados ·{' '}
                {formatMoney(p.totalPaid)} de {formatMoney(p.totalAmount)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No hay planillas por abonar.</p>
      )}
    </Panel>
  )
}

function BoletasPanel({ boletas }: { boletas: Boletas }) {
  return (
    <Panel title="Boletas vencidas sin entregar">
      <p className={`text-3xl font-semibold tabular-nums ${boletas.total ? 'text-red-800' : ''}`}>
        {formatCount(boletas.total)}
      </p>
      {boletas.payrolls.length ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Planillas con boletas vencidas">
          {boletas.payrolls.map((p) => (
            <li key={p.id}>
              <Link to={`/planillas/${p.id}/detalles`} className="text-primary-dark underline">
                {p.code} — {p.name}
              </Link>{' '}
              <span className="text-slate-600">
                · {countOf(p.overdue, 'boleta vencida', 'boletas vencidas')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Todas las boletas se entregaron a tiempo o aún no vencen.</p>
      )}
    </Panel>
  )
}

function UploadsPanel({ uploads, mine }: { uploads: Uploads; mine: Mine }) {
  return (
    <Panel title="Cargas">
      <ul className="flex flex-col gap-2 text-sm">
        {uploads.payroll ? (
          <UploadLine
            to="/planillas/externas"
            failedStatus={BATCH_STATUS.FAILED}
            what="Cargas de planillas"
            counts={uploads.payroll}
            days={uploads.failedWindowDays}
          />
        ) : null}
        {uploads.payment ? (
          <UploadLine
            to="/planillas/abonos"
            failedStatus={PAYMENT_BATCH_STATUS.FAILED}
            what="Cargas de abonos"
            counts={uploads.payment}
            days={uploads.failedWindowDays}
          />
        ) : null}
      </ul>
      {mine.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">Sus últimas cargas</h3>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Sus últimas cargas">
            {mine.map((u) => (
              <li key={u.key}>
                <Link to={u.href} className="text-primary-dark underline">
                  {u.text}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  )
}

function ContractsPanel({ contracts }: { contracts: Contracts }) {
  return (
    <Panel title="Contratos por vencer">
      <p className="text-3xl font-semibold tabular-nums">{formatCount(contracts.count)}</p>
      {contracts.next.length ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Próximos a vencer">
          {contracts.next.map((c) => (
            <li key={c.id} className="flex flex-col">
              <Link to={`/contratos/${c.id}/detalle`} className="text-primary-dark underline">
                {c.fullName}
              </Link>
              <span className="text-slate-600">
                {c.number}, vence el {formatDate(c.finishDate)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/contratos?status=2" className="text-sm font-medium text-primary-dark underline">
        Ver los contratos por vencer
      </Link>
    </Panel>
  )
}

function PaymentsPanel({ payments }: { payments: Payments }) {
  return (
    <Panel title="Pagos a proveedores">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Soles por pagar" value={formatMoney(centsToSoles(payments.solesToPayCents))} />
        <Figure
          label="Detracciones por depositar"
          value={`${formatCount(payments.detractionsToDeposit.count)} · ${formatMoney(centsToSoles(payments.detractionsToDeposit.amountCents))}`}
        />
      </dl>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Comprobantes por paso">
        <VoucherLine
          to="/pagos?statuses=1"
          what="Por autorizar"
          count={payments.toAuthorize.count}
          cents={payments.toAuthorize.totalCents}
        />
        <VoucherLine
          to="/pagos?statuses=2"
          what="Por aprobar"
          count={payments.toApprove.count}
          cents={payments.toApprove.totalCents}
        />
        <VoucherLine
          to="/pagos?statuses=3"
          what="Aprobados por pagar (neto)"
          count={payments.approvedToPay.count}
          cents={payments.approvedToPay.netCents}
        />
        <VoucherLine
          to="/pagos?overdue=true"
          what="Vencidos sin pagar"
          count={payments.overdue.count}
          cents={payments.overdue.totalCents}
        />
      </ul>
      <h3 className="text-sm font-semibold text-slate-700">Detracciones</h3>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Detracciones">
        <VoucherLine
          to="/pagos/detracciones?states=pendiente"
          what="Pendientes, en plazo"
          count={payments.detractionsPending.count}
          cents={payments.detractionsPending.amountCents}
        />
        <VoucherLine
          to="/pagos/detracciones?states=vencida"
          what="Vencidas sin depositar"
          count={payments.detractionsOverdue.count}
          cents={payments.detractionsOverdue.amountCents}
        />
        <VoucherLine
          to={`/pagos/detracciones?states=depositada&depositedOnFrom=${payments.detractionsDeposited.since}`}
          what="Depositadas este mes"
          count={payments.detractionsDeposited.count}
          cents={payments.detractionsDeposited.amountCents}
        />
      </ul>
      <h3 className="text-sm font-semibold text-slate-700">Comprobantes de retención</h3>
      <p className="text-sm">
        <Link to="/pagos/retenciones/comprobantes?estado=1" className="underline">
          {formatCount(payments.retentionReceiptsToSend.count)} por enviar
        </Link>
        {payments.retentionReceiptsToSend.overdue > 0
          ? `, ${formatCount(payments.retentionReceiptsToSend.overdue)} fuera del plazo de 7 días`
          : ''}
      </p>
    </Panel>
  )
}

function PeriodProgressPanel({ payrolls }: { payrolls: Payrolls }) {
  return (
    <Panel title={`Avance de las planillas de ${periodLabel(payrolls.period.period)}`}>
      {payrolls.period.payrolls.length ? (
        <ProgressChart
          title={`Avance de las planillas de ${periodLabel(payrolls.period.period)}`}
          items={payrolls.period.payrolls.map((p) => ({
            key: p.id,
            label: `${p.code} — ${p.name}`,
            to: `/planillas/${p.id}/detalles`,
            progress: p.progress,
          }))}
        />
      ) : (
        <p className="text-sm text-slate-600">Aún no hay planillas de este periodo.</p>
      )}
    </Panel>
  )
}

function PaidByWeekPanel({ payrolls }: { payrolls: Payrolls }) {
  return (
    <Panel title="Soles abonados y pendientes por semana de carga">
      <ColumnChart
        title="Soles abonados y pendientes de las planillas vigentes, por semana de carga"
        categories={payrolls.byWeek.map((w) => weekLabel(w.week))}
        series={[
          { name: 'Abonado', color: '#2e7d32', values: payrolls.byWeek.map((w) => w.paid) },
          { name: 'Pendiente', color: '#f9a825', values: payrolls.byWeek.map((w) => w.pending) },
        ]}
        format={formatMoney}
        empty="Aún no hay planillas vigentes cargadas en las últimas ocho semanas."
      />
    </Panel>
  )
}

function EndingByMonthPanel({ contracts }: { contracts: Contracts }) {
  return (
    <Panel title="Contratos que vencen por mes">
      <ColumnChart
        title="Contratos vigentes que vencen en cada uno de los próximos meses"
        categories={contracts.endingByMonth.map((m) => monthLabel(m.month))}
        series={[
          {
            name: 'Contratos',
            color: '#0288d1',
            values: contracts.endingByMonth.map((m) => m.count),
          },
        ]}
        format={formatCount}
        empty="Ningún contrato vigente vence en los próximos seis meses."
      />
    </Panel>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.replaceAll(' ', '-').toLowerCase()}`
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-base font-semibold text-primary-dark">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

/** One step of the supplier vouchers: how many wait there and for how much, linked to the list. */
function VoucherLine({ to, what, count, cents }: { to: string; what: string; count: number; cents: number }) {
  return (
    <li className="flex flex-wrap justify-between gap-x-3">
      <Link to={to} className="font-medium text-primary-dark underline">
        {what}
      </Link>
      <span className="tabular-nums text-slate-600">
        {formatCount(count)} · {formatMoney(centsToSoles(cents))}
      </span>
    </li>
  )
}

function UploadLine({
  to,
  failedStatus,
  what,
  counts,
  days,
}: {
  to: string
  /** The list's status code for CON ERRORES: the failed count links to those uploads. */
  failedStatus: number
  what: string
  counts: { running: number; failed: number }
  days: number
}) {
  const failed = `${formatCount(counts.failed)} con errores`
  return (
    <li className="flex flex-col">
      <Link to={to} className="font-medium text-primary-dark underline">
        {what}
      </Link>
      <span className="text-slate-600">
        {formatCount(counts.running)} en proceso ·{' '}
        {counts.failed ? (
          <Link to={`${to}?status=${failedStatus}`} className="text-red-700 underline">
            {failed}
          </Link>
        ) : (
          failed
        )}{' '}
        en los últimos {countOf(days, 'día')}
      </span>
    </li>
  )
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'set', 'oct', 'nov', 'dic']

/** '2026-11' → 'nov 2026' */
function monthLabel(month: string) {
  const [year, m] = month.split('-')
  return `${MONTHS[Number(m) - 1]} ${year}`
}

/** A week by its Monday: '2026-11-16' → '16 nov' */
function weekLabel(monday: string) {
  const [, m, d] = monday.split('-')
  return `${Number(d)} ${MONTHS[Number(m) - 1]}`
}

export const ErrorBoundary = RouteErrorBoundary
