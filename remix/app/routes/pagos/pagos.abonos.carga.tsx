import { SUPPLIER_PAYMENT_MESSAGES } from '@planillas/domain'
import { useState } from 'react'
import type { ActionFunctionArgs } from 'react-router'
import { guardOnlyLoader } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, useUploadResult } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { PaymentUploadFields } from '~/screens/payments/payment-upload-fields'
import { type ClientProblems, clientProblems, problemList } from '~/screens/payments/upload-check'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar abonos de proveedores')

export const loader = guardOnlyLoader('pagos_pagar')

/** Streams the form to the API as it arrives; the API checks everything at once. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'pagos_pagar',
    path: '/payment-batches/suppliers',
    successTo: '/pagos/abonos',
    watch: 'abonos',
    message: SUPPLIER_PAYMENT_MESSAGES.accepted,
  })

/** 'Cargar abonos de proveedores': the supplier payment run, the date of payment, the Excel, the receipts. */
export default function SupplierPaymentUpload() {
  const { busy, fields, messages } = useUploadResult()
  const [found, setFound] = useState<ClientProblems | null>(null)

  return (
    <FormPage title="Cargar abonos de proveedores">
      <FormNote>
        Indique la orden de pago a proveedores que el banco pagó y adjunte el Excel de abonos: cada fila marca
        PAGADOS los comprobantes de ese proveedor en la orden.
      </FormNote>
      <UploadForm
        errors={found ? problemList(found, null) : messages}
        cancelTo="/pagos/abonos"
        busy={busy}
        onSubmit={(event) => {
          const problems = clientProblems(event.currentTarget, 'suppliers')
          if (!problems.fields.length && !problems.files.length) {
            setFound(null)
            return
          }
          event.preventDefault()
          setFound(problems)
        }}
      >
        <PaymentUploadFields
          fields={fields}
          messages={messages}
          description={{ name: 'description', label: 'Descripción' }}
          template={{ href: '/pagos/abonos/plantilla', label: 'plantilla de abonos de proveedores' }}
        >
          <UploadInput
            name="orderNumber"
            label="N° de orden de pago"
            required
            help="El número de la orden, tal como figura en Generar pagos."
            inputMode="numeric"
            defaultValue={fields.orderNumber}
            maxLength={9}
          />
        </PaymentUploadFields>
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
