import { formatDate, formatDateTime, type SpotRateRow, SpotRateSchema, todayInLima } from '@planillas/domain'
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
  SPOT_RATE_FIELDS,
  spotRateBody,
  type Validity,
} from '~/screens/payment-catalogues/rates.server'
import { pageTitle } from '~/utils/page-title'

const PATH = `${CATALOGUES_PATH}/detracciones`

export const meta = pageTitle('Tasas de detracción (catálogo 54)')

/** Every row of catalogue 54, each code's newest validity first, and where each stands today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  const rows = await call(request, 'GET /spot-rates', { query: { history: 'true' } })
  return { rows: datedHistory(rows, todayInLima(), (r) => r.code) }
}

/** A new row of a code, valid from a date (the API keeps the older ones). */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  return saveForm(request, await request.formData(), {
    schema: SpotRateSchema,
    save: async (value) => (await call(request, 'POST /spot-rates', { body: spotRateBody(value) })).id,
    successTo: () => PATH,
    fieldOfMessage: SPOT_RATE_FIELDS,
  })
}

type Fields = { code: string; description: string; rate: string; minimum: string; validFrom: string }

function SpotRateForm() {
  const { form, fields, busy } = useSchemaForm<Fields>(SpotRateSchema, {
    id: 'spot-rate-form',
    // 'Monto mínimo' empty: the code has none.
    optional: ['minimum'],
  })
  return (
    <SchemaForm form={form}>
      <FormCard title="Nueva tasa" columns={3}>
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

export default function SpotRates() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <RatePage
      title="Tasas de detracción (catálogo 54)"
      note="Cada código guarda su historia: una nueva tasa rige desde su fecha y las anteriores se conservan para explicar las aprobaciones que las usaron."
      // A saved row empties the form (a new one is mounted); a refused one keeps what was typed.
      form={<SpotRateForm key={rows.length} />}
    >
      <DataTable<SpotRateRow & { validity: Validity }>
        caption="Tasas de detracción por código"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Código', cell: (r) => r.code, width: COLUMN.shortCode, mobile: 'title' },
          { header: 'Descripción', cell: (r) => r.description, mobile: 'title' },
          { header: 'Tasa', cell: (r) => rateText(r.rateBp), width: COLUMN.count },
          { header: 'Monto mínimo', cell: (r) => solesText(r.minimumCents), width: COLUMN.money },
          { header: 'Vigente desde', cell: (r) => formatDate(r.validFrom), width: COLUMN.date },
          {
            header: 'Vigencia',
            // On a phone the card's summary: its state and, as the table's own column is in the
            // expandable part, the date it starts (the rows of one code tell apart by it).
            cell: (r) => (
              <>
                <ValidityBadge validity={r.validity} />
                <span className="lg:hidden"> desde {formatDate(r.validFrom)}</span>
              </>
            ),
            mobile: 'title',
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
