import { CPE_ZIP_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, UploadSelect, useUploadResult } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar XML de comprobantes')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const [companies, expenseLines] = await Promise.all([
    call(request, 'GET /companies'),
    call(request, 'GET /expense-lines'),
  ])
  return {
    companies: companies.map((c) => ({ value: String(c.id), label: c.name })),
    expenseLines: expenseLines.map((e) => ({ value: String(e.id), label: e.description })),
  }
}

/** Streams the form to the API, which checks the ZIP at once and queues the registration. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'pagos_registrar',
    path: '/voucher-batches/xml',
    successTo: '/pagos/carga',
    message: CPE_ZIP_MESSAGES.accepted,
    watch: 'comprobantes',
  })

/** 'Cargar XML de comprobantes': the paying company, the expense line and one .zip of the suppliers' XMLs. */
export default function VoucherZipUpload() {
  const { companies, expenseLines } = useLoaderData<typeof loader>()
  const { busy, fields, messages } = useUploadResult()
  return (
    <FormPage title="Cargar XML de comprobantes">
      <FormNote>
        Cargue un ZIP con los XML de las facturas, boletas y notas electrónicas que recibió la empresa (y, si
        los tiene, el PDF de cada uno con el mismo nombre: F001-123.xml y F001-123.pdf). Cada XML se lee y se
        valida; si uno tiene problemas no se registra ninguno.
      </FormNote>
      <UploadForm errors={messages} cancelTo="/pagos/carga" busy={busy}>
        <UploadSelect name="companyId" label="Empresa" options={companies} defaultValue={fields.companyId} />
        <UploadSelect
          name="expenseLineId"
          label="Línea de gasto"
          options={expenseLines}
          defaultValue={fields.expenseLineId}
        />
        <UploadInput
          name="file"
          type="file"
          label="Archivo (.zip)"
          required
          help="Un solo ZIP de hasta 100 MB, con hasta 2,000 XML."
          accept=".zip,application/zip"
        />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
