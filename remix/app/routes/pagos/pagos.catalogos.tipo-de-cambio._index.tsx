import {
  EXCHANGE_RATE_MESSAGES,
  type ExchangeRateRow,
  ExchangeRateSchema,
  formatDate,
  formatDateTime,
  formatRate,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DateField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { DataTable, TwoLineCell } from '~/components/list/data-table'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { saveForm } from '~/form.server'
import { CATALOGUES_PATH } from '~/routes/pagos/+shared/payment-catalogues/rate-page'
import { pageTitle } from '~/utils/page-title'

const PATH = `${CATALOGUES_PATH}/tipo-de-cambio`

export const meta = pageTitle('Tipo de cambio (SBS venta)')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  return { rows: await call(request, 'GET /exchange-rates') }
}

/** A day's rate; a day the table has is corrected only with a reason (the API says so beside it). */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  return saveForm(request, await request.formData(), {
    schema: ExchangeRateSchema,
    // The form posts the rate as typed; the API reads it with the same schema.
    save: async (value) =>
      (
        await call(request, 'POST /exchange-rates', {
          body: { day: value.day, rate: formatRate(value.rate), reason: value.reason },
        })
      ).id,
    successTo: () => PATH,
    fieldOfMessage: {
      [EXCHANGE_RATE_MESSAGES.reasonRequired]: 'reason',
      [EXCHANGE_RATE_MESSAGES.dayBounds]: 'day',
    },
  })
}

type Fields = { day: string; rate: string; reason: string }

const sourceText = (source: string) => (source === 'IMPORT' ? 'Importado' : 'Ingresado')

/** 'Tipo de cambio': the SBS venta rate of each day, newest first; a day entered or corrected. */
export default function ExchangeRates() {
  const { rows } = useLoaderData<typeof loader>()
  const form = useSchemaForm<Fields>(ExchangeRateSchema, { id: 'exchange-rate-form', optional: ['reason'] })
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Tipo de cambio (SBS venta)
      </h1>
      <p className="text-sm text-slate-700">
        El tipo de cambio promedio ponderado venta del dólar que publica la SBS, por día. Convierte a soles la
        detracción de un comprobante en dólares (el de su fecha de emisión) y su retención del IGV (el de la
        fecha de pago, o el último publicado antes). Corregir un día ya registrado pide el motivo, que queda
        en la auditoría; los comprobantes ya aprobados o pagados conservan el tipo de cambio que usaron.
      </p>
      <Link to={`${PATH}/importar`} className="self-start text-sm font-medium text-primary-dark underline">
        Importar tipos de cambio (CSV o Excel)
      </Link>
      <SchemaForm form={form.form}>
        <FormCard title="Registrar tipo de cambio" columns={3}>
          <DateField meta={form.fields.day} label="Fecha" required />
          <TextField
            meta={form.fields.rate}
            label="Tipo de cambio (S/ por US$)"
            required
            inputMode="decimal"
            help="Hasta 3 decimales, p. ej. 3.752"
          />
          <TextField
            meta={form.fields.reason}
            label="Motivo"
            help="Solo al corregir un día ya registrado: queda en la auditoría"
            maxLength={255}
          />
        </FormCard>
        <FormActions
          backTo={CATALOGUES_PATH}
          backLabel="Volver"
          submitLabel="Guardar"
          busyLabel="Guardando…"
          busy={form.busy}
        />
      </SchemaForm>
      <DataTable<ExchangeRateRow>
        caption="Tipos de cambio registrados"
        rows={rows}
        rowKey={(r) => r.id}
        emptyMessage="Aún no hay tipos de cambio registrados"
        columns={[
          { header: 'Fecha', cell: (r) => formatDate(r.day), mobile: 'title' },
          { header: 'Venta (S/ por US$)', cell: (r) => formatRate(r.sellRateMilli), mobile: 'title' },
          {
            header: 'Origen',
            cell: (r) => (
              <TwoLineCell
                main={sourceText(r.source)}
                sub={r.createdBy ? `${r.createdBy} · ${formatDateTime(r.updatedAt)}` : undefined}
              />
            ),
          },
        ]}
      />
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
