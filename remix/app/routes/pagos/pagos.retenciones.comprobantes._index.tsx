import {
  CreAnnulSchema,
  CreListQuerySchema,
  CreSendSchema,
  creNumber,
  creStatus,
  dayMonthYear,
  formatCents,
  MESSAGES,
  periodLabel,
} from '@planillas/domain'
import type { ReactNode } from 'react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { controlClass, FieldShell } from '~/components/form/fields'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { MarkSentForm } from '~/routes/pagos/+shared/retentions/mark-sent'
import { MonthField } from '~/routes/pagos/+shared/retentions/month-choice'
import { retentionAction, retentionPage } from '~/routes/pagos/+shared/retentions/retention-page.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Comprobantes de retención')

const PATH = '/pagos/retenciones/comprobantes'

export async function loader({ request }: LoaderFunctionArgs) {
  // The current month chosen: CREs are sent within 7 days.
  const { params, periods, period, today, mayAct, mayDownload } = await retentionPage(request)
  const status = ['1', '2', '3'].includes(params.get('estado') ?? '')
    ? Number(params.get('estado'))
    : undefined
  const query = CreListQuerySchema.parse({ period, status })
  const rows = await call(request, 'GET /retention-receipts', { query })
  const companies = new Map<number, string>()
  for (const r of rows) if (r.status !== 3) companies.set(r.companyId, r.companyName)
  return {
    periods,
    period,
    status: status ?? null,
    rows,
    companies: [...companies].map(([id, name]) => ({ id, name })),
    today,
    mayAct,
    mayDownload,
  }
}

/**
 * 'Marcar enviado' (the day it reached SUNAT or the OSE, DD/MM/AAAA) and 'Anular' (with the reason):
 * plain forms from each row, checked with the API's own schema; the answer comes back as a notice
 * on the same list (the month and state kept).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  retentionAction(
    request,
    (fields) =>
      `${PATH}?${new URLSearchParams({ periodo: fields.periodo ?? '', estado: fields.estado ?? '' })}`,
    async (fields, { done, refuse }) => {
      const id = Number(fields.id)
      if (!Number.isInteger(id) || id <= 0) return refuse(MESSAGES.notFound)
      if (fields.intent === 'send') {
        const parsed = CreSendSchema.safeParse(fields)
        if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'La fecha de envío es inválida')
        await call(request, 'POST /retention-receipts/:id/send', { params: { id }, body: parsed.data })
        return done('Se marcó el comprobante de retención como enviado')
      }
      const parsed = CreAnnulSchema.safeParse(fields)
      if (!parsed.success)
        return refuse(parsed.error.issues[0]?.message ?? 'Indique el motivo de la anulación')
      await call(request, 'POST /retention-receipts/:id/annul', { params: { id }, body: parsed.data })
      return done('Se anuló el comprobante de retención')
    },
  )

const TONE = { 1: 'amber', 2: 'green', 3: 'red' } as const
/** An amount's cell: a column on wide screens; below 640 px a labelled line of the CRE's card. */
const AMOUNT =
  'whitespace-nowrap px-3 py-2 text-right max-sm:flex max-sm:justify-between max-sm:py-1 max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]'

/**
 * 'Comprobantes de retención': the CREs issued in a month (one per supplier per payment that withheld
 * IGV), their XML for the OSE, the month's PDT 626 file per company, and marking each one sent or
 * annulled. Links and plain forms only: it works the same without JavaScript.
 */
export default function RetentionReceipts() {
  const { periods, period, status, rows, companies, today, mayAct, mayDownload } =
    useLoaderData<typeof loader>()
  const keep = (
    <>
      <input type="hidden" name="periodo" value={period} />
      <input type="hidden" name="estado" value={status ?? ''} />
    </>
  )
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Comprobantes de retención
      </h1>
      <p className="text-sm text-slate-700">
        Cada pago que retiene el IGV emite un comprobante de retención electrónico (tipo 20) por proveedor.
        Descargue su XML para que su OSE lo firme y envíe dentro de los 7 días calendario siguientes a la
        emisión, y márquelo como enviado. Uno anulado después de enviado se comunica en las{' '}
        <a href="/pagos/retenciones/reversiones" className="underline">
          reversiones
        </a>
        . Ver también el{' '}
        <a href="/pagos/retenciones" className="underline">
          registro de retenciones
        </a>
        .
      </p>
      <form
        method="get"
        action={PATH}
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
      >
        <MonthField periods={periods} period={period} className="sm:w-48" />
        <FieldShell id="estado" label="Estado" errorId="estado-error" className="sm:w-48">
          <select id="estado" name="estado" defaultValue={status ?? ''} className={controlClass}>
            <option value="">Todos</option>
            {Object.entries(creStatus).map(([code, s]) => (
              <option key={code} value={code}>
                {s.label}
              </option>
            ))}
          </select>
        </FieldShell>
        <button type="submit" className={buttonClass('primary')}>
          Ver
        </button>
      </form>

      {mayDownload && companies.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Archivos del PDT 626">
          {companies.map((c) => (
            <li key={c.id}>
              <a
                className={buttonClass('secondary')}
                href={`${PATH}/pdt626?${new URLSearchParams({ periodo: period, empresa: String(c.id) })}`}
                download
              >
                Descargar PDT 626 · {c.name}
              </a>
            </li>
          ))}
        </ul>
      )}

      {rows.length === 0 ? (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700">
          No hay comprobantes de retención en {periodLabel(period)}
          {status ? ` con estado ${creStatus[status as 1 | 2 | 3].label.toLowerCase()}` : ''}.
        </p>
      ) : (
        <div className="overflow-x-auto rounded border border-slate-200 bg-white shadow-sm max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none">
          <table className="min-w-full text-sm max-sm:block">
            <caption className="sr-only">Comprobantes de retención de {periodLabel(period)}</caption>
            <thead className="bg-slate-50 text-left max-sm:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Comprobante
                </th>
                <th scope="col" className="px-3 py-2">
                  Proveedor
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Pagado
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Retenido
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Neto
                </th>
                <th scope="col" className="px-3 py-2">
                  Acciones
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
              {rows.map((r) => (
                <CreRow
                  key={r.id}
                  row={r}
                  keep={keep}
                  today={today}
                  mayAct={mayAct}
                  mayDownload={mayDownload}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

/** One CRE: its number and state, supplier, amounts and what may be done with it. */
function CreRow({
  row: r,
  keep,
  today,
  mayAct,
  mayDownload,
}: {
  row: Row
  keep: ReactNode
  today: string
  mayAct: boolean
  mayDownload: boolean
}) {
  const number = creNumber(r.series, r.number)
  return (
    <tr className="border-t border-slate-200 align-top max-sm:block max-sm:rounded max-sm:border max-sm:bg-white max-sm:p-1 max-sm:shadow-sm">
      <th scope="row" className="px-3 py-2 text-left font-medium max-sm:block">
        <span className="block whitespace-nowrap">{number}</span>
        <Badge tone={TONE[r.status as 1 | 2 | 3] ?? 'slate'}>{creStatus[r.status as 1 | 2 | 3]?.label}</Badge>
        <span className="block text-xs font-normal text-slate-600">
          {r.status === 1 &&
            (r.overdue
              ? `Venció el ${dayMonthYear(r.sendDeadline)}`
              : `Enviar hasta el ${dayMonthYear(r.sendDeadline)}`)}
          {r.status === 2 && r.sentOn && `El ${dayMonthYear(r.sentOn)}`}
          {r.status === 3 && r.annulReason}
        </span>
        <span className="block text-xs font-normal text-slate-600">
          Emitido el {dayMonthYear(r.issueDate)} · {r.companyName}
        </span>
      </th>
      <td className="min-w-[11rem] px-3 py-2 max-sm:block">
        {r.supplierName}
        <span className="block text-xs text-slate-600">
          R.U.C. {r.supplierRuc}
          {r.orderId ? ` · orden N° ${r.orderId}` : ''}
        </span>
        <span className="block text-xs text-slate-600">
          {r.documentCount} {r.documentCount === 1 ? 'comprobante' : 'comprobantes'}: {r.documents.join(', ')}
        </span>
      </td>
      <td data-label="Pagado" className={AMOUNT}>
        {formatCents(r.paidCents)}
      </td>
      <td data-label="Retenido" className={AMOUNT}>
        {formatCents(r.retentionCents)}
      </td>
      <td data-label="Neto" className={AMOUNT}>
        {formatCents(r.netCents)}
      </td>
      <td className="min-w-[12rem] px-3 py-2 max-sm:block">
        <div className="flex flex-col gap-2">
          {mayDownload && (
            <a className="underline" href={`${PATH}/${r.id}/xml`} download>
              XML {number}
            </a>
          )}
          {mayAct && r.status === 1 && (
            <MarkSentForm action={PATH} id={r.id} name={number} today={today} keep={keep} />
          )}
          {mayAct && r.status !== 3 && (
            <details>
              <summary className="cursor-pointer underline">Anular</summary>
              <form method="post" action={PATH} className="mt-2 flex flex-col gap-2">
                {keep}
                <input type="hidden" name="id" value={r.id} />
                <input type="hidden" name="intent" value="annul" />
                <label htmlFor={`reason-${r.id}`} className="text-xs">
                  Motivo de la anulación
                </label>
                <input
                  id={`reason-${r.id}`}
                  name="reason"
                  required
                  maxLength={200}
                  className={controlClass}
                />
                <button type="submit" className={buttonClass('danger')}>
                  Anular {number}
                </button>
              </form>
            </details>
          )}
        </div>
      </td>
    </tr>
  )
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
