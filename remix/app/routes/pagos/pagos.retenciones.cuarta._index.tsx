import {
  type FourthCategoryListRow,
  FourthCategoryQuerySchema,
  formatCents,
  formatDate,
  periodLabel,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { controlClass, FieldShell } from '~/components/form/fields'
import { DataTable } from '~/components/list/data-table'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { MonthField, monthChoice } from '~/routes/pagos/+shared/retentions/month-choice'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Retenciones de cuarta categoría')

/** Where the screen lives: its downloads hang from it. */
const FOURTH_CATEGORY_PATH = '/pagos/retenciones/cuarta'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const params = new URL(request.url).searchParams
  const { periods, period } = monthChoice(params, { lastClosed: true })
  const companies = await call(request, 'GET /companies')
  const companyId = Number(params.get('empresa') ?? companies[0]?.id ?? 0)
  const query = FourthCategoryQuerySchema.safeParse({ companyId, period })
  const month =
    query.success && companies.some((c) => c.id === companyId)
      ? await call(request, 'GET /retentions/fourth-category', { query: { companyId, period } })
      : null
  return { periods, period, companies, companyId, month }
}

/**
 * 'Retenciones de cuarta categoría': the recibos por honorarios a company paid in the month (by
 * payment date) with the retention withheld, and PLAME's .ps4 and .4ta files. A plain GET form
 * chooses the company and month, and the files are links: both work without JavaScript.
 */
export default function FourthCategoryRetentions() {
  const { periods, period, companies, companyId, month } = useLoaderData<typeof loader>()
  const search = `empresa=${companyId}&periodo=${period}`
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Retenciones de cuarta categoría
      </h1>
      <p className="text-sm text-slate-700">
        Los recibos por honorarios pagados en el mes, con la retención del 8 % que se hizo al pagar (solo
        recibos de más de S/ 1,500.00 y sin constancia de suspensión vigente), y los archivos del PLAME para
        declararlos.
      </p>
      <form
        method="get"
        action={FOURTH_CATEGORY_PATH}
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
      >
        <FieldShell id="empresa" label="Empresa" errorId="empresa-error" className="sm:w-80">
          <select id="empresa" name="empresa" defaultValue={String(companyId)} className={controlClass}>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FieldShell>
        <MonthField periods={periods} period={period} className="sm:w-48" label="Periodo de pago" />
        <button type="submit" className={buttonClass('primary')}>
          Consultar
        </button>
      </form>
      {month ? (
        <>
          {month.problems.length ? (
            <ul className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {month.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          {month.rows.length && !month.problems.length ? (
            <div className="flex flex-wrap gap-2">
              <a href={`${FOURTH_CATEGORY_PATH}/ps4?${search}`} className={buttonClass('secondary')} download>
                Descargar {month.files.ps4}
              </a>
              <a href={`${FOURTH_CATEGORY_PATH}/4ta?${search}`} className={buttonClass('secondary')} download>
                Descargar {month.files['4ta']}
              </a>
            </div>
          ) : null}
          <DataTable<FourthCategoryListRow>
            caption={`Recibos por honorarios pagados en ${periodLabel(month.period)}`}
            emptyMessage="No hay recibos por honorarios pagados en el periodo."
            rows={month.rows}
            rowKey={(r) => r.id}
            columns={[
              { header: 'R.U.C.', cell: (r) => r.supplierRuc },
              { header: 'Proveedor', cell: (r) => r.supplierName, mobile: 'title' },
              {
                header: 'Recibo',
                cell: (r) => <Link to={`/pagos/${r.id}/detalle`}>{r.fullNumber}</Link>,
                mobile: 'title',
              },
              { header: 'Emisión', cell: (r) => formatDate(r.issueDate) },
              { header: 'Fecha de pago', cell: (r) => formatDate(r.paidOn) },
              { header: 'Honorario', cell: (r) => formatCents(r.totalCents) },
              { header: 'Retención', cell: (r) => formatCents(r.fourthCategoryCents) },
              { header: 'Neto pagado', cell: (r) => formatCents(r.netCents) },
            ]}
            totals={
              month.rows.length
                ? {
                    Honorario: formatCents(month.totals.totalCents),
                    Retención: formatCents(month.totals.fourthCategoryCents),
                    'Neto pagado': formatCents(month.totals.netCents),
                  }
                : undefined
            }
          />
        </>
      ) : null}
      <div>
        <Link to="/pagos/retenciones" className={buttonClass('secondary')}>
          Volver
        </Link>
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
