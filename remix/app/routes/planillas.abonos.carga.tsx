import { PAYMENT_LIMITS, PAYMENT_UPLOAD_MESSAGES, todayInLima } from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { UploadErrors } from '~/components/form/upload-errors'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { clientProblems } from '~/screens/payments/upload-check'
import { redirectWithToast } from '~/session.server'
import { forwardUpload } from '~/upload.server'

export const meta: MetaFunction = () => [{ title: 'Cargar abonos | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_abonos')
  return { today: todayInLima() }
}

/** Streams the form to the API as it arrives; the API checks everything at once (SPEC §5). */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_abonos')
  const result = await forwardUpload<{ id: number }>(request, '/payment-batches')
  if (result.ok)
    return redirectWithToast(request, '/planillas/abonos', {
      type: 'success',
      message: PAYMENT_UPLOAD_MESSAGES.accepted,
    })
  return data({ messages: result.messages, fields: result.fields }, { status: 400 })
}

const control =
  'w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm file:mr-3 file:rounded file:border-0 file:bg-primary-light file:px-3 file:py-1 file:text-primary-dark'
const label = 'text-sm font-medium text-slate-700'

/** 'Cargar abonos' (SPEC §2): the payroll, the date of payment, the bank's Excel and the receipts. */
export default function PaymentUpload() {
  const { today } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [clientMessages, setClientMessages] = useState<string[] | null>(null)
  const [receipts, setReceipts] = useState<string[]>([])
  const errors: string[] = clientMessages ?? result?.messages ?? []
  const fields: Record<string, string> = result?.fields ?? {}

  return (
    <FormPage title="Cargar abonos">
      <p
        role="note"
        className="rounded border-l-4 border-primary bg-primary-light px-4 py-3 text-sm text-primary-dark"
      >
        Seleccione los siguientes campos para poder cargar sus archivos.
      </p>
      <UploadErrors errors={errors} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          const problems = clientProblems(event.currentTarget)
          setClientMessages(problems.length ? problems : null)
          if (problems.length) event.preventDefault()
        }}
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="payrollNumber" className={label}>
              N° de planilla <span className="text-red-700">*</span>
            </label>
            <input
              id="payrollNumber"
              name="payrollNumber"
              defaultValue={fields.payrollNumber}
              maxLength={PAYMENT_LIMITS.payrollNumberMax}
              required
              className={control}
            />
            <p className="text-xs text-slate-500">El código de la planilla, tal como figura en Planillas.</p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="paymentDate" className={label}>
              Fecha de abono <span className="text-red-700">*</span>
            </label>
            <input
              id="paymentDate"
              name="paymentDate"
              type="date"
              max={today}
              defaultValue={fields.paymentDate}
              required
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1 md:col-span-2">
            <label htmlFor="payrollDesc" className={label}>
              Descripción de planilla
            </label>
            <input
              id="payrollDesc"
              name="payrollDesc"
              defaultValue={fields.payrollDesc}
              maxLength={PAYMENT_LIMITS.payrollDescMax}
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="file" className={label}>
              Excel de abonos (.xlsx) <span className="text-red-700">*</span>
            </label>
            <input
              id="file"
              name="file"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              required
              className={control}
            />
            <p className="text-xs text-slate-500">
              Un archivo de hasta 20 MB con las columnas de la{' '}
              <a
                href="/planillas/abonos/plantilla"
                download
                className="font-medium text-primary-dark underline"
              >
                plantilla de abonos
              </a>
              .
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="records" className={label}>
              Constancias (.pdf)
            </label>
            <input
              id="records"
              name="records"
              type="file"
              accept=".pdf,application/pdf"
              multiple
              className={control}
              onChange={(event) => setReceipts(Array.from(event.currentTarget.files ?? [], (f) => f.name))}
            />
            <p className="text-xs text-slate-500" aria-live="polite">
              {receipts.length
                ? `${receipts.length} constancia(s) seleccionada(s)`
                : 'Cero o más archivos PDF de hasta 10 MB cada uno.'}
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Link to="/planillas/abonos" className={buttonClass('secondary')}>
            Cancelar
          </Link>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Procesando…' : 'Procesar'}
          </button>
        </div>
      </Form>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
