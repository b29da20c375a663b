import { countOf, dayMonthYear, PAYMENT_LIMITS, SUPPLIER_PAYMENT_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, XLSX_ACCEPT } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { type ClientProblems, clientProblems, problemList } from '~/screens/payments/upload-check'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar abonos de proveedores')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  return null
}

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
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const [found, setFound] = useState<ClientProblems | null>(null)
  const [receipts, setReceipts] = useState<string[]>([])
  const fields: Record<string, string> = result?.fields ?? {}

  return (
    <FormPage title="Cargar abonos de proveedores">
      <FormNote>
        Indique la orden de pago a proveedores que el banco pagó y adjunte el Excel de abonos: cada fila marca
        PAGADOS los comprobantes de ese proveedor en la orden.
      </FormNote>
      <UploadForm
        errors={found ? problemList(found, null) : (result?.messages ?? [])}
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
        <UploadInput
          name="orderNumber"
          label="N° de orden de pago"
          required
          help="El número de la orden, tal como figura en Generar pagos."
          inputMode="numeric"
          defaultValue={fields.orderNumber}
          maxLength={9}
        />
        <UploadInput
          name="paymentDate"
          label="Fecha de abono"
          required
          help="DD/MM/AAAA, no posterior a hoy."
          placeholder="DD/MM/AAAA"
          inputMode="numeric"
          maxLength={10}
          defaultValue={dayMonthYear(fields.paymentDate)}
        />
        <UploadInput
          name="description"
          label="Descripción"
          wide
          defaultValue={fields.description}
          maxLength={PAYMENT_LIMITS.payrollDescMax}
        />
        <UploadInput
          name="file"
          type="file"
          label="Excel de abonos (.xlsx)"
          required
          accept={XLSX_ACCEPT}
          help={
            <>
              Un archivo de hasta 20 MB con las columnas de la{' '}
              <a href="/pagos/abonos/plantilla" download className="font-medium text-primary-dark underline">
                plantilla de abonos de proveedores
              </a>
              .
            </>
          }
        />
        <UploadInput
          name="records"
          type="file"
          label="Constancias (.pdf)"
          accept=".pdf,application/pdf"
          multiple
          onChange={(event) => setReceipts(Array.from(event.currentTarget.files ?? [], (f) => f.name))}
          help={
            <span aria-live="polite">
              {receipts.length
                ? countOf(receipts.length, 'constancia seleccionada', 'constancias seleccionadas')
                : 'Cero o más archivos PDF de hasta 10 MB cada uno.'}
            </span>
          }
        />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
