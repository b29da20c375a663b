import {
  formatDate,
  MESSAGES,
  type RecordingPeriodInput,
  RecordingPeriodSchema,
  VOUCHER_STATUS,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormNote, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { postStep, voucherOrBackToList } from '~/routes/pagos/+shared/vouchers/step.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Periodo de registro del comprobante')

/** 'Periodo de registro' of a voucher not yet approved: the month of the Registro de Compras. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const voucher = await voucherOrBackToList(request, params.paymentId)
  return {
    id: voucher.id,
    fullNumber: voucher.fullNumber,
    supplierName: voucher.supplierName,
    issueDate: voucher.issueDate,
    recordingPeriod: voucher.recordingPeriod,
    open: voucher.status === VOUCHER_STATUS.REGISTERED || voucher.status === VOUCHER_STATUS.AUTHORIZED,
  }
}

/**
 * The shared schema checks the format; the API the window around the issue month and the state (400 /
 * 409), whose messages show above the form. What was typed stays in the field.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const id = idParam(params.paymentId)
  return postStep(request, await request.formData(), {
    schema: RecordingPeriodSchema,
    send: (_, { recordingPeriod }) =>
      call(request, 'PUT /payments/:id/recording-period', { params: { id }, body: { recordingPeriod } }),
    fieldOfMessage: {},
    list: '/pagos',
    done: { to: `/pagos/${id}/detalle`, message: MESSAGES.saved },
  })
}

export default function RecordingPeriod() {
  const v = useLoaderData<typeof loader>()
  const { form, fields, busy } = useSchemaForm<RecordingPeriodInput>(RecordingPeriodSchema, {
    id: `periodo-${v.id}`,
    defaultValue: { recordingPeriod: v.recordingPeriod },
  })
  return (
    <FormPage title={`Periodo de registro de ${v.fullNumber}`}>
      <FormNote>
        {v.supplierName}, emitido el {formatDate(v.issueDate)}. El plazo para depositar la detracción vence el
        quinto día hábil del mes siguiente a este periodo, o el día del pago si el proveedor se paga antes. Se
        puede cambiar hasta que el comprobante se apruebe.
      </FormNote>
      {v.open ? (
        <SchemaForm form={form}>
          <FormCard title="Registro de Compras" columns={1}>
            <TextField
              meta={fields.recordingPeriod}
              label="Periodo de registro"
              required
              help="AAAAMM: desde el mes de emisión hasta 12 meses después."
              inputMode="numeric"
              maxLength={6}
              placeholder="AAAAMM"
              autoComplete="off"
            />
          </FormCard>
          <FormActions backTo={`/pagos/${v.id}/detalle`} busy={busy} />
        </SchemaForm>
      ) : (
        <FormNote>
          El comprobante ya fue aprobado: su periodo de registro ({v.recordingPeriod}) ya no se cambia.
        </FormNote>
      )}
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
