import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { requirePermission } from '~/auth.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { MonthField, monthChoice } from '~/routes/pagos/+shared/retentions/month-choice'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Registro de retenciones')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const { periods, period: chosen } = monthChoice(new URL(request.url).searchParams, { lastClosed: true })
  return { periods, chosen }
}

/**
 * 'Registro de retenciones': the month's IGV retentions per supplier (the vouchers PAGADO in the
 * month with retention) as an Excel for the contador, for the comprobante de retención and the PDT
 * 626. A plain GET form to the download, so the browser saves the file with or without JavaScript.
 */
export default function RetentionRegister() {
  const { periods, chosen } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Registro de retenciones
      </h1>
      <p className="text-sm text-slate-700">
        Las retenciones del IGV del mes: un comprobante por fila, pagado en el mes con retención, ordenado por
        proveedor y fecha de pago. Úselo para revisar los comprobantes de retención y declarar el PDT 626.
      </p>
      <p className="text-sm text-slate-700">
        Los comprobantes de retención emitidos, su XML y el archivo del PDT 626 están en{' '}
        <a href="/pagos/retenciones/comprobantes" className="underline">
          Comprobantes de retención
        </a>
        .
      </p>
      <form
        method="get"
        action="/pagos/retenciones/registro"
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
      >
        <MonthField periods={periods} period={chosen} className="sm:w-48" />
        <button type="submit" className={buttonClass('primary')}>
          Descargar Excel
        </button>
      </form>
      <p className="text-sm text-slate-700">
        Las retenciones de cuarta categoría de los recibos por honorarios y los archivos del PLAME (.ps4 y
        .4ta) están en{' '}
        <Link to="/pagos/retenciones/cuarta" className="font-medium text-primary-dark underline">
          Retenciones de cuarta categoría
        </Link>
        .
      </p>
    </section>
  )
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
