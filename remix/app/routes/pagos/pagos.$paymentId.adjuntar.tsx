import { VOUCHER_MESSAGES as M } from '@planillas/domain'
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FieldShell } from '~/components/form/fields'
import { FormActions, FormCard, FormErrors, FormPage } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { sendVoucherChange, voucherOrBackToList } from '~/routes/pagos/+shared/vouchers/step.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Adjuntar el PDF del comprobante')

/** A voucher registered by a 'Carga de comprobantes' has no PDF yet: it is not authorized without it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const voucher = await voucherOrBackToList(request, params.paymentId)
  return { id: voucher.id, fullNumber: voucher.fullNumber, supplierName: voucher.supplierName }
}

const fileOf = (formData: FormData, name: string) => {
  const file = formData.get(name)
  return file instanceof File && file.size > 0 ? file : null
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const id = idParam(params.paymentId)
  const formData = await request.formData()
  const pdf = fileOf(formData, 'pdf')
  if (!pdf) return data({ errors: [M.pdfRequired] }, { status: 400 })
  const body = new FormData()
  body.append('pdf', pdf, pdf.name)
  const xml = fileOf(formData, 'xml')
  if (xml) body.append('xml', xml, xml.name)
  return sendVoucherChange(request, id, () =>
    call(request, 'POST /payments/:id/files', { params: { id }, body }),
  )
}

export default function AttachVoucherFiles() {
  const { id, fullNumber, supplierName } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const errors = result && 'errors' in result ? result.errors : undefined
  return (
    <FormPage title={`Adjuntar el PDF de ${fullNumber}`}>
      <p className="text-sm text-slate-600">
        {supplierName}. El comprobante se registró sin su PDF (carga de comprobantes): adjúntelo para poder
        autorizarlo.
      </p>
      <FormErrors id="adjuntar-errores" errors={errors} />
      <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
        <FormCard title="Archivos del comprobante">
          <FieldShell id="pdf" label="PDF del comprobante (.pdf, hasta 10 MB)" required errorId="pdf-error">
            <input id="pdf" name="pdf" type="file" accept=".pdf,application/pdf" className="text-sm" />
          </FieldShell>
          <FieldShell id="xml" label="XML del comprobante (opcional)" errorId="xml-error">
            <input
              id="xml"
              name="xml"
              type="file"
              accept=".xml,application/xml,text/xml"
              className="text-sm"
            />
          </FieldShell>
        </FormCard>
        <FormActions backTo={`/pagos/${id}/detalle`} busy={busy} />
      </Form>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
