import { MESSAGES } from '@planillas/domain'
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FileField, PDF_ACCEPT, XML_ACCEPT } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { postStep, voucherOrBackToList } from '~/routes/pagos/+shared/vouchers/step.server'
import {
  FIELD_OF_FILE_MESSAGE,
  VOUCHER_PDF_LABEL,
  VOUCHER_XML_LABEL,
  VoucherPdfSchema,
} from '~/routes/pagos/+shared/vouchers/voucher-files'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Adjuntar el PDF del comprobante')

/** The PDF is required; the XML goes with it when chosen (the API reads what each file is). */
const AttachSchema = z.object({ pdf: VoucherPdfSchema })

/** A voucher registered by a 'Carga de comprobantes' has no PDF yet: it is not authorized without it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const voucher = await voucherOrBackToList(request, params.paymentId)
  return { id: voucher.id, fullNumber: voucher.fullNumber, supplierName: voucher.supplierName }
}

/**
 * The files sent to the API as they were chosen; a refusal comes back with each message beside its
 * file (or above the form), the voucher gone back to the list, done back to its details.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const id = idParam(params.paymentId)
  return postStep(request, await request.formData(), {
    schema: AttachSchema,
    send: (_fields, { pdf }, formData) => {
      const body = new FormData()
      body.append('pdf', pdf, pdf.name)
      const xml = formData.get('xml')
      if (xml instanceof File && xml.size > 0) body.append('xml', xml, xml.name)
      return call(request, 'POST /payments/:id/files', { params: { id }, body })
    },
    fieldOfMessage: FIELD_OF_FILE_MESSAGE,
    list: '/pagos',
    done: { to: `/pagos/${id}/detalle`, message: MESSAGES.saved },
  })
}

export default function AttachVoucherFiles() {
  const { id, fullNumber, supplierName } = useLoaderData<typeof loader>()
  const { form, fields, busy } = useSchemaForm<{ pdf: string; xml: string }>(AttachSchema, {
    id: 'voucher-files',
  })
  return (
    <FormPage title={`Adjuntar el PDF de ${fullNumber}`}>
      <p className="text-sm text-slate-600">
        {supplierName}. El comprobante se registró sin su PDF (carga de comprobantes): adjúntelo para poder
        autorizarlo.
      </p>
      <SchemaForm form={form} encType="multipart/form-data">
        <FormCard title="Archivos del comprobante">
          <FileField meta={fields.pdf} label={VOUCHER_PDF_LABEL} required accept={PDF_ACCEPT} />
          <FileField meta={fields.xml} label={VOUCHER_XML_LABEL} accept={XML_ACCEPT} />
        </FormCard>
        <FormActions backTo={`/pagos/${id}/detalle`} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
