import { PAYMENT_LIMITS, PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import { useState } from 'react'
import type { ActionFunctionArgs } from 'react-router'
import { useFetcher } from 'react-router'
import { guardOnlyLoader } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, useUploadResult } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { PaymentUploadFields } from '~/screens/payments/payment-upload-fields'
import { type ClientProblems, clientProblems, problemList } from '~/screens/payments/upload-check'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar abonos')

export const loader = guardOnlyLoader('planillas_abonos')

/** Streams the form to the API as it arrives; the API checks everything at once. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'planillas_abonos',
    path: '/payment-batches',
    successTo: '/planillas/abonos',
    watch: 'abonos',
    message: PAYMENT_UPLOAD_MESSAGES.accepted,
  })

/** 'Cargar abonos': the payroll, the date of payment, the bank's Excel and the receipts. */
export default function PaymentUpload() {
  const { busy, fields, messages } = useUploadResult()
  const [found, setFound] = useState<ClientProblems | null>(null)
  // With the files held back, the payroll number is still asked about, so that every problem
  // shows at once, as without JavaScript.
  const payrollCheck = useFetcher<{ problem: string | null }>()
  const payrollProblem = (found?.payrollNumber && payrollCheck.data?.problem) || null

  return (
    <FormPage title="Cargar abonos">
      <FormNote>Seleccione los siguientes campos para poder cargar sus archivos.</FormNote>
      <UploadForm
        errors={found ? problemList(found, payrollProblem) : messages}
        cancelTo="/planillas/abonos"
        busy={busy}
        onSubmit={(event) => {
          const problems = clientProblems(event.currentTarget)
          if (!problems.fields.length && !problems.files.length) {
            setFound(null)
            return
          }
          event.preventDefault()
          setFound(problems)
          if (problems.payrollNumber) {
            const query = new URLSearchParams({ numero: problems.payrollNumber })
            payrollCheck.load(`/planillas/abonos/comprobar-planilla?${query}`)
          }
        }}
      >
        <PaymentUploadFields
          fields={fields}
          messages={messages}
          description={{ name: 'payrollDesc', label: 'Descripción de planilla' }}
          template={{ href: '/planillas/abonos/plantilla', label: 'plantilla de abonos' }}
        >
          <UploadInput
            name="payrollNumber"
            label="N° de planilla"
            required
            help="El código de la planilla, tal como figura en Planillas."
            defaultValue={fields.payrollNumber}
            maxLength={PAYMENT_LIMITS.payrollNumberMax}
          />
        </PaymentUploadFields>
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
