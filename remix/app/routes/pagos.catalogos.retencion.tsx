import {
  formatDate,
  formatDateTime,
  type RetentionRateRow,
  RetentionRateSchema,
  todayInLima,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DateField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { COLUMN, DataTable, TwoLineCell } from '~/components/list/data-table'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { saveForm } from '~/form.server'
import {
  CATALOGUES_PATH,
  RatePage,
  rateText,
  solesText,
  sourceText,
  ValidityBadge,
} from '~/screens/payment-catalogues/rate-page'
import {
  datedHistory,
  RETENTION_RATE_FIELDS,
  retentionRateBody,
  type Validity,
} from '~/screens/payment-catalogues/rates.server'
import { pageTitle } from '~/utils/page-title'

const PATH = `${CATALOGUES_PATH}/retencion`

export const meta = pageTitle('Tasa de retención del IGV')

/** Every row of the retention regime, newest validity first, and where each stands today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  const rows = await call(request, 'GET /retention-rates')
  return { rows: datedHistory(rows, todayInLima()) }
}

/** A new rate valid from a date (the API keeps the older ones). */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  return saveForm(request, await request.formData(), {
    schema: RetentionRateSchema,
    save: async (value) =>
      (await call(request, 'POST /retention-rates', { body: retentionRateBody(value) })).id,
    successTo: () => PATH,
    fieldOfMessage: RETENTION_RATE_FIELDS,
  })
}

type Fields = { rate: string; threshold: string; validFrom: string }

function RetentionRateForm() {
  const { form, fields, busy } = useSchemaForm<Fields>(RetentionRateSchema, { id: 'retention-rate-form' })
  return (
    <SchemaForm form={form}>
      <FormCard title="Nueva tasa" columns={3}>
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
        <DateField meta={fields.validFrom} label="Vigente desde" required />
      </FormCard>
      <FormActions
        backTo={CATALOGUES_PATH}
        backLabel="Volver"
        submitLabel="Agregar tasa"
        busyLabel="Agregando…"
        busy={busy}
      />
    </SchemaForm>
  )
}

export default function RetentionRates() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <RatePage
      title="Tasa de retención del IGV"
      note="Una nueva tasa rige desde su fecha; las anteriores se conservan para explicar las aprobaciones que las usaron."
      // A saved row empties the form (a new one is mounted); a refused one keeps what was typed.
      form={<RetentionRateForm key={rows.length} />}
    >
      <DataTable<RetentionRateRow & { validity: Validity }>
        caption="Tasas de retención del IGV"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Vigente desde', cell: (r) => formatDate(r.validFrom), mobile: 'title' },
          { header: 'Tasa', cell: (r) => rateText(r.rateBp), mobile: 'title' },
          { header: 'Monto mínimo', cell: (r) => solesText(r.thresholdCents) },
          {
            header: 'Vigencia',
            cell: (r) => <ValidityBadge validity={r.validity} />,
            width: COLUMN.progress,
          },
          {
            header: 'Origen',
            cell: (r) => (
              <TwoLineCell
                main={sourceText(r.source)}
                sub={r.createdBy ? `${r.createdBy} · ${formatDateTime(r.createdAt)}` : undefined}
              />
            ),
          },
        ]}
      />
    </RatePage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
