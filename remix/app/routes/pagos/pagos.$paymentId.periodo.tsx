import { formatDate, VOUCHER_STATUS } from '@planillas/domain'
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { controlClass, FieldShell } from '~/components/form/fields'
import { FormActions, FormCard, FormErrors, FormNote, FormPage } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { sendVoucherChange, voucherOrBackToList } from '~/routes/pagos/+shared/vouchers/step.server'
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

/** The API checks the format, the window around the issue month and the state (400 / 409). */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const id = idParam(params.paymentId)
  const formData = await request.formData()
  const recordingPeriod = String(formData.get('recordingPeriod') ?? '').trim()
  const send = () =>
    call(request, 'PUT /payments/:id/recording-period', { params: { id }, body: { recordingPeriod } })
  return sendVoucherChange(request, id, send, { recordingPeriod })
}

export default function RecordingPeriod() {
  const v = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const errors = result && 'errors' in result ? result.errors : undefined
  return (
    <FormPage title={`Periodo de registro de ${v.fullNumber}`}>
      <FormNote>
        {v.supplierName}, emitido el {formatDate(v.issueDate)}. El plazo para depositar la detracción vence el
        quinto día hábil del mes siguiente a este periodo, o el día del pago si el proveedor se paga antes. Se
        puede cambiar hasta que el comprobante se apruebe.
      </FormNote>
      <FormErrors id="periodo-errores" errors={errors} />
      {v.open ? (
        <Form method="post" noValidate className="flex flex-col gap-4">
          <FormCard title="Registro de Compras">
            <FieldShell
              id="recordingPeriod"
              label="Periodo de registro"
              required
              errorId="periodo-errores"
              help="AAAAMM: desde el mes de emisión hasta 12 meses después."
            >
              <input
                id="recordingPeriod"
                name="recordingPeriod"
                defaultValue={
                  result && 'recordingPeriod' in result ? result.recordingPeriod : v.recordingPeriod
                }
                inputMode="numeric"
                maxLength={6}
                placeholder="AAAAMM"
                autoComplete="off"
                aria-invalid={errors?.length ? true : undefined}
                className={controlClass}
              />
            </FieldShell>
          </FormCard>
          <FormActions backTo={`/pagos/${v.id}/detalle`} busy={busy} />
        </Form>
      ) : (
        <FormNote>
          El comprobante ya fue aprobado: su periodo de registro ({v.recordingPeriod}) ya no se cambia.
        </FormNote>
      )}
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
