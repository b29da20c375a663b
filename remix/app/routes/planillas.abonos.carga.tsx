import { PAYMENT_LIMITS, PAYMENT_UPLOAD_MESSAGES, todayInLima } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { controlClass, fileControlClass, UploadField, UploadForm } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { clientProblems } from '~/screens/payments/upload-check'
import { uploadAction } from '~/upload.server'

export const meta: MetaFunction = () => [{ title: 'Cargar abonos | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_abonos')
  return { today: todayInLima() }
}

/** Streams the form to the API as it arrives; the API checks everything at once (SPEC §5). */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'planillas_abonos',
    path: '/payment-batches',
    successTo: '/planillas/abonos',
    message: PAYMENT_UPLOAD_MESSAGES.accepted,
  })

/** 'Cargar abonos' (SPEC §2): the payroll, the date of payment, the bank's Excel and the receipts. */
export default function PaymentUpload() {
  const { today } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const [clientMessages, setClientMessages] = useState<string[] | null>(null)
  const [receipts, setReceipts] = useState<string[]>([])
  const fields: Record<string, string> = result?.fields ?? {}

  return (
    <FormPage title="Cargar abonos">
      <FormNote>Seleccione los siguientes campos para poder cargar sus archivos.</FormNote>
      <UploadForm
        errors={clientMessages ?? result?.messages ?? []}
        cancelTo="/planillas/abonos"
        busy={busy}
        onSubmit={(event) => {
          const problems = clientProblems(event.currentTarget)
          setClientMessages(problems.length ? problems : null)
          if (problems.length) event.preventDefault()
        }}
      >
        <UploadField
          id="payrollNumber"
          label="N° de planilla"
          required
          help="El código de la planilla, tal como figura en Planillas."
        >
          <input
            id="payrollNumber"
            name="payrollNumber"
            defaultValue={fields.payrollNumber}
            maxLength={PAYMENT_LIMITS.payrollNumberMax}
            required
            className={controlClass}
          />
        </UploadField>
        <UploadField id="paymentDate" label="Fecha de abono" required>
          <input
            id="paymentDate"
            name="paymentDate"
            type="date"
            max={today}
            defaultValue={fields.paymentDate}
            required
            className={controlClass}
          />
        </UploadField>
        <UploadField id="payrollDesc" label="Descripción de planilla" wide>
          <input
            id="payrollDesc"
            name="payrollDesc"
            defaultValue={fields.payrollDesc}
            maxLength={PAYMENT_LIMITS.payrollDescMax}
            className={controlClass}
          />
        </UploadField>
        <UploadField
          id="file"
          label="Excel de abonos (.xlsx)"
          required
          help={
            <>
              Un archivo de hasta 20 MB con las columnas de la{' '}
              <a
                href="/planillas/abonos/plantilla"
                download
                className="font-medium text-primary-dark underline"
              >
                plantilla de abonos
              </a>
              .
            </>
          }
        >
          <input
            id="file"
            name="file"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            className={fileControlClass}
          />
        </UploadField>
        <UploadField
          id="records"
          label="Constancias (.pdf)"
          help={
            <span aria-live="polite">
              {receipts.length
                ? `${receipts.length} constancia(s) seleccionada(s)`
                : 'Cero o más archivos PDF de hasta 10 MB cada uno.'}
            </span>
          }
        >
          <input
            id="records"
            name="records"
            type="file"
            accept=".pdf,application/pdf"
            multiple
            className={fileControlClass}
            onChange={(event) => setReceipts(Array.from(event.currentTarget.files ?? [], (f) => f.name))}
          />
        </UploadField>
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
