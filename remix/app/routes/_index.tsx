import { formatCount, formatDate, formatMoney, periodLabel } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { isGroup, menuFor } from '~/menu'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Control de pagos')

/** GET /dashboard: each part present only when the user may see its module. */
type Dashboard = {
  payrolls?: {
    count: number
    pendingLines: number
    pendingAmount: number
    recent: {
      id: number
      code: string
      name: string
      period: string
      collaborators: number
      paid: number
      totalAmount: number
      totalPaid: number
      progress: number
    }[]
  }
  uploads?: {
    failedWindowDays: number
    payroll?: { running: number; failed: number }
    payment?: { running: number; failed: number }
  }
  contracts?: {
    count: number
    next: { id: number; number: string; fullName: string; finishDate: string | null }[]
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'dashboard')
  const shortcuts = menuFor(user.roles)
    .flatMap((e) => (isGroup(e) ? e.children : [e]))
    .filter((l) => l.to !== '/')
  return { name: user.name, shortcuts, summary: await api<Dashboard>(request, '/dashboard') }
}

/**
 * 'Control de pagos' (SPEC §2): what needs attention today — payrolls the bank has not paid in
 * full, uploads running or failed, contracts about to end — then a shortcut to every module.
 */
export default function Dashboard() {
  const { name, shortcuts, summary } = useLoaderData<typeof loader>()
  const { payrolls, uploads, contracts } = summary
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold">
          Control de pagos
        </h1>
        <p className="mt-1 text-slate-600">Bienvenido(a), {name}.</p>
      </div>

      {payrolls || uploads || contracts ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
          {payrolls ? (
            <Panel title="Planillas por abonar" className="self-start xl:col-span-2">
              <dl className="grid grid-cols-3 gap-3">
                <Figure label="Planillas" value={formatCount(payrolls.count)} />
                <Figure label="Colaboradores por abonar" value={formatCount(payrolls.pendingLines)} />
                <Figure label="Monto por abonar" value={formatMoney(payrolls.pendingAmount)} />
              </dl>
              {payrolls.recent.length ? (
                <ul className="divide-y divide-slate-100" aria-label="Planillas más recientes por abonar">
                  {payrolls.recent.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <Link
                        to={`/planillas/${p.id}/detalles`}
                        className="font-medium text-primary-dark underline"
                      >
                        {p.code} — {p.name}
                      </Link>
                      <span className="text-sm text-slate-600">
                        {periodLabel(p.period)} · {formatCount(p.paid)} de {formatCount(p.collaborators)}{' '}
                        abonados · {formatMoney(p.totalPaid)} de {formatMoney(p.totalAmount)}
                      </span>
                      <div className="w-40">
                        <ProgressBar value={p.progress} label={`Progreso de ${p.code}`} />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No hay planillas por abonar.</p>
              )}
            </Panel>
          ) : null}
          {uploads || contracts ? (
            <div className="flex flex-col gap-4">
              {uploads ? (
                <Panel title="Cargas">
                  <ul className="flex flex-col gap-2 text-sm">
                    {uploads.payroll ? (
                      <UploadLine
                        to="/planillas/externas"
                        what="Cargas de planillas"
                        counts={uploads.payroll}
                        days={uploads.failedWindowDays}
                      />
                    ) : null}
                    {uploads.payment ? (
                      <UploadLine
                        to="/planillas/abonos"
                        what="Cargas de abonos"
                        counts={uploads.payment}
                        days={uploads.failedWindowDays}
                      />
                    ) : null}
                  </ul>
                </Panel>
              ) : null}
              {contracts ? (
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
              ) : null}
            </div>
          ) : null}
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

function Panel({
  title,
  className = '',
  children,
}: {
  title: string
  className?: string
  children: ReactNode
}) {
  const id = `panel-${title.replaceAll(' ', '-').toLowerCase()}`
  return (
    <section
      aria-labelledby={id}
      className={`flex flex-col gap-3 rounded border border-slate-200 bg-white p-5 shadow-sm ${className}`}
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

function UploadLine({
  to,
  what,
  counts,
  days,
}: {
  to: string
  what: string
  counts: { running: number; failed: number }
  days: number
}) {
  return (
    <li className="flex flex-col">
      <Link to={to} className="font-medium text-primary-dark underline">
        {what}
      </Link>
      <span className="text-slate-600">
        {formatCount(counts.running)} en proceso · {formatCount(counts.failed)} con errores en los últimos{' '}
        {days} días
      </span>
    </li>
  )
}

export const ErrorBoundary = RouteErrorBoundary
