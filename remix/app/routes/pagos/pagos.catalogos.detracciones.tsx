import { formatDate, type SpotRateRow, SpotRateSchema } from '@planillas/domain'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { TextField } from '~/components/form/fields'
import { COLUMN } from '~/components/list/column'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import {
  CATALOGUES_PATH,
  RatePage,
  rateText,
  solesText,
  validityColumn,
} from '~/routes/pagos/+shared/payment-catalogues/rate-page'
import { ratePageRoute } from '~/routes/pagos/+shared/payment-catalogues/rate-page.server'
import {
  SPOT_RATE_FIELDS,
  spotRateBody,
  type Validity,
} from '~/routes/pagos/+shared/payment-catalogues/rates.server'
import { pageTitle } from '~/utils/page-title'

/** Every row of catalogue 54, each code's newest validity first; a new row of a code from a date. */
const route = ratePageRoute({
  path: `${CATALOGUES_PATH}/detracciones`,
  schema: SpotRateSchema,
  rows: (request) => call(request, 'GET /spot-rates', { query: { history: 'true' } }),
  seriesOf: (r) => r.code,
  save: async (request, value) => (await call(request, 'POST /spot-rates', { body: spotRateBody(value) })).id,
  fieldOfMessage: SPOT_RATE_FIELDS,
})

export const meta = pageTitle('Tasas de detracción (catálogo 54)')
export const loader = route.loader
export const action = route.action

type Fields = { code: string; description: string; rate: string; minimum: string; validFrom: string }

export default function SpotRates() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <RatePage<SpotRateRow & { validity: Validity }, Fields>
      title="Tasas de detracción (catálogo 54)"
      note="Cada código guarda su historia: una nueva tasa rige desde su fecha y las anteriores se conservan para explicar las aprobaciones que las usaron."
      form={{
        id: 'spot-rate-form',
        schema: SpotRateSchema,
        // 'Monto mínimo' empty: the code has none.
        optional: ['minimum'],
        fields: (fields) => (
          <>
            <TextField
              meta={fields.code}
              label="Código"
              required
              maxLength={3}
              inputMode="numeric"
              help="3 dígitos, p. ej. 037"
            />
            <div className="md:col-span-2">
              <TextField meta={fields.description} label="Descripción" required maxLength={200} />
            </div>
            <TextField
              meta={fields.rate}
              label="Tasa (%)"
              required
              inputMode="decimal"
              help="Porcentaje con hasta 2 decimales, p. ej. 12 o 1.50"
            />
            <TextField
              meta={fields.minimum}
              label="Monto mínimo (S/)"
              inputMode="decimal"
              help="En soles; vacío si el código no tiene mínimo"
            />
          </>
        ),
      }}
      caption="Tasas de detracción por código"
      rows={rows}
      columns={[
        { header: 'Código', cell: (r) => r.code, width: COLUMN.shortCode, mobile: 'title' },
        { header: 'Descripción', cell: (r) => r.description, mobile: 'title' },
        { header: 'Tasa', cell: (r) => rateText(r.rateBp), width: COLUMN.count },
        { header: 'Monto mínimo', cell: (r) => solesText(r.minimumCents), width: COLUMN.money },
        { header: 'Vigente desde', cell: (r) => formatDate(r.validFrom), width: COLUMN.date },
        validityColumn({ withDate: true }),
      ]}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
