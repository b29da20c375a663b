import { Link } from 'react-router'
import { guardOnlyLoader } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { CATALOGUES_PATH } from '~/routes/pagos/+shared/payment-catalogues/rate-page'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Catálogos de pagos a proveedores')

/** The catalogues of the supplier payments an administrator maintains (`pagos_catalogos`). */
const CATALOGUES = [
  {
    to: 'lineas-de-gasto',
    label: 'Líneas de gasto',
    about: 'Clasifican a los proveedores y sus comprobantes.',
  },
  {
    to: 'tipos-de-proyecto',
    label: 'Tipos de proyecto',
    about: 'Se eligen al autorizar un comprobante.',
  },
  {
    to: 'motivos-de-rechazo',
    label: 'Motivos de rechazo',
    about: 'Se eligen al rechazar un comprobante.',
  },
  {
    to: 'detracciones',
    label: 'Tasas de detracción (catálogo 54)',
    about: 'Tasa y monto mínimo de cada código de bien o servicio, con su historia.',
  },
  {
    to: 'retencion',
    label: 'Tasa de retención del IGV',
    about: 'Tasa y monto mínimo del régimen de retenciones, con su historia.',
  },
  {
    to: 'tipo-de-cambio',
    label: 'Tipo de cambio (SBS venta)',
    about: 'El tipo de cambio del dólar de cada día, para los comprobantes en dólares.',
  },
] as const

export const loader = guardOnlyLoader('pagos_catalogos')

export default function PaymentCatalogues() {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Catálogos de pagos a proveedores
      </h1>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {CATALOGUES.map((c) => (
          <li key={c.to}>
            <Link
              to={`${CATALOGUES_PATH}/${c.to}`}
              className="flex h-full flex-col gap-1 rounded border border-slate-200 bg-white p-4 shadow-sm hover:border-primary"
            >
              <span className="font-semibold text-primary-dark underline">{c.label}</span>
              <span className="text-sm text-slate-600">{c.about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
