import {
  CreSendSchema,
  creNumber,
  dayMonthYear,
  MESSAGES,
  periodLabel,
  ReversalCreateSchema,
  ReversalListQuerySchema,
  reversalStatusLabel,
  todayInLima,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { MarkSentForm } from '~/routes/pagos/+shared/retentions/mark-sent'
import { MonthField } from '~/routes/pagos/+shared/retentions/month-choice'
import { retentionAction, retentionPage } from '~/routes/pagos/+shared/retentions/retention-page.server'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Reversiones de retención')

const PATH = '/pagos/retenciones/reversiones'

export async function loader({ request }: LoaderFunctionArgs) {
  const { periods, period, today, mayAct, mayDownload } = await retentionPage(request)
  const query = ReversalListQuerySchema.parse({ period })
  const { pending, summaries } = await call(request, 'GET /retention-receipts/reversals', { query })
  return { periods, period, pending, summaries, today, mayAct, mayDownload }
}

/**
 * 'Generar resumen' (the company and the day its CREs were issued) and 'Marcar enviado' (the day
 * the summary reached SUNAT or the OSE): plain forms, checked with the API's own schemas; the answer
 * comes back as a notice on the same page (the month kept).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  retentionAction(
    request,
    (fields) => `${PATH}?${new URLSearchParams({ periodo: fields.periodo ?? '' })}`,
    async (fields, { done, refuse }) => {
      if (fields.intent === 'create') {
        const parsed = ReversalCreateSchema.safeParse(fields)
        if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? MESSAGES.generic)
        await call(request, 'POST /retention-receipts/reversals', { body: parsed.data })
        // The summary is today's: its month's list shows it.
        return redirectWithToast(request, `${PATH}?periodo=${todayInLima().slice(0, 7).replace('-', '')}`, {
          type: 'success',
          message: 'Se generó el resumen de reversiones: descargue su XML para su OSE',
        })
      }
      const id = Number(fields.id)
      if (!Number.isInteger(id) || id <= 0) return refuse(MESSAGES.notFound)
      const parsed = CreSendSchema.safeParse(fields)
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'La fecha de envío es inválida')
      await call(request, 'POST /retention-receipts/reversals/:id/send', {
        params: { id },
        body: parsed.data,
      })
      return done('Se marcó el resumen de reversiones como enviado')
    },
  )

/**
 * 'Reversiones de retención': a comprobante de retención annulled after it was sent is reported to
 * SUNAT in a resumen diario de reversiones (RR-AAAAMMDD-n). The CREs still to report, by company and
 * issue day, each group with its 'Generar resumen'; then the month's summaries with their XML for
 * the OSE and 'Marcar enviado'. Links and plain forms only: the same without JavaScript.
 */
export default function RetentionReversals() {
  const { periods, period, pending, summaries, today, mayAct, mayDownload } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Reversiones de retención
      </h1>
      <p className="text-sm text-slate-700">
        Un comprobante de retención que ya se envió y luego se anuló se comunica a SUNAT en un resumen diario
        de reversiones. Los anulados antes de enviarse no se comunican. Ver los{' '}
        <a href="/pagos/retenciones/comprobantes" className="underline">
          comprobantes de retención
        </a>
        .
      </p>

      <section aria-labelledby="pending-title" className="flex flex-col gap-2">
        <h2 id="pending-title" className="text-lg font-semibold">
          Por comunicar
        </h2>
        {pending.length === 0 ? (
          <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700">
            No hay comprobantes de retención anulados por comunicar.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {pending.map((g) => (
              <li
                key={`${g.companyId}-${g.referenceDate}`}
                className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4 shadow-sm"
              >
                <p className="font-medium">
                  {g.companyName} · emitidos el {dayMonthYear(g.referenceDate)}
                </p>
                <ul className="text-sm text-slate-700">
                  {g.receipts.map((c) => (
                    <li key={c.id}>
                      {creNumber(c.series, c.number)}: {c.reason}
                    </li>
                  ))}
                </ul>
                {mayAct && (
                  <form method="post" action={PATH}>
                    <input type="hidden" name="periodo" value={period} />
                    <input type="hidden" name="intent" value="create" />
                    <input type="hidden" name="companyId" value={g.companyId} />
                    <input type="hidden" name="referenceDate" value={g.referenceDate} />
                    <button type="submit" className={buttonClass('primary')}>
                      Generar resumen de {g.companyName} del {dayMonthYear(g.referenceDate)}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="summaries-title" className="flex flex-col gap-2">
        <h2 id="summaries-title" className="text-lg font-semibold">
          Resúmenes de {periodLabel(period)}
        </h2>
        <form method="get" action={PATH} className="flex items-end gap-2">
          <MonthField periods={periods} period={period} className="w-48" />
          <button type="submit" className={buttonClass('secondary')}>
            Ver
          </button>
        </form>
        {summaries.length === 0 ? (
          <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700">
            No se generaron resúmenes de reversiones en {periodLabel(period)}.
          </p>
        ) : (
          <ul
            className="flex flex-col gap-3"
            aria-label={`Resúmenes de reversiones de ${periodLabel(period)}`}
          >
            {summaries.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4 shadow-sm"
              >
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {s.code}
                  <Badge tone={s.status === 2 ? 'green' : 'amber'}>{reversalStatusLabel(s.status)}</Badge>
                </p>
                <p className="text-sm text-slate-700">
                  {s.companyName} · comprobantes del {dayMonthYear(s.referenceDate)}: {s.receipts.join(', ')}
                  {s.sentOn ? ` · enviado el ${dayMonthYear(s.sentOn)}` : ''}
                </p>
                <div className="flex flex-wrap gap-4 text-sm">
                  {mayDownload && (
                    <a className="underline" href={`${PATH}/${s.id}/xml`} download>
                      XML {s.code}
                    </a>
                  )}
                  {mayAct && s.status === 1 && (
                    <MarkSentForm
                      action={PATH}
                      id={s.id}
                      name={s.code}
                      today={today}
                      keep={<input type="hidden" name="periodo" value={period} />}
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
