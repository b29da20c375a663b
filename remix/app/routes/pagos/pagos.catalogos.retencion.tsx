import { formatDate, type RetentionRateRow, RetentionRateSchema } from '@planillas/domain'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { TextField } from '~/components/form/fields'
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
  RETENTION_RATE_FIELDS,
  retentionRateBody,
  type Validity,
} from '~/routes/pagos/+shared/payment-catalogues/rates.server'
import { pageTitle } from '~/utils/page-title'

/** Every row of the retention regime, newest validity first; a new rate from a date. */
const route = ratePageRoute({
  path: `${CATALOGUES_PATH}/retencion`,
  schema: RetentionRateSchema,
  rows: (request) => call(request, 'GET /retention-rates'),
  save: async (request, value) =>
    (await call(request, 'POST /retention-rates', { body: retentionRateBody(value) })).id,
  fieldOfMessage: RETENTION_RATE_FIELDS,
})

export const meta = pageTitle('Tasa de retención del IGV')
export const loader = route.loader
export const action = route.action

type Fields = { rate: string; threshold: string; validFrom: string }

export default function RetentionRates() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <RatePage<RetentionRateRow & { validity: Validity }, Fields>
      title="Tasa de retención del IGV"
      note="Una nueva tasa rige desde su fecha; las anteriores se conservan para explicar las aprobaciones que las usaron."
      form={{
        id: 'retention-rate-form',
        schema: RetentionRateSchema,
        fields: (fields) => (
          <>
            <TextField
              meta={fields.rate}
              label="Tasa (%)"
              required
              inputMode="decimal"
              help="Porcentaje con hasta 2 decimales, p. ej. 3"
            />
            <TextField
              meta={fields.threshold}
              label="Monto mínimo (S/)"
              required
              inputMode="decimal"
              help="En soles: se retiene desde este importe del comprobante"
            />
          </>
        ),
      }}
      caption="Tasas de retención del IGV"
      rows={rows}
      columns={[
        { header: 'Vigente desde', cell: (r) => formatDate(r.validFrom), mobile: 'title' },
        { header: 'Tasa', cell: (r) => rateText(r.rateBp), mobile: 'title' },
        { header: 'Monto mínimo', cell: (r) => solesText(r.thresholdCents) },
        validityColumn(),
      ]}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
