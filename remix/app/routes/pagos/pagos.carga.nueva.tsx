import { VOUCHER_UPLOAD_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import {
  TemplateNote,
  UploadForm,
  UploadSelect,
  useUploadResult,
  XlsxFileInput,
} from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar comprobantes')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const companies = await call(request, 'GET /companies')
  return { companies: companies.map((c) => ({ value: String(c.id), label: c.name })) }
}

/** Streams the form to the API, which checks the workbook at once and queues the registration. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'pagos_registrar',
    path: '/voucher-batches',
    successTo: '/pagos/carga',
    message: VOUCHER_UPLOAD_MESSAGES.accepted,
    watch: 'comprobantes',
  })

/** 'Cargar comprobantes': the paying company and one .xlsx built on the template. */
export default function VoucherUpload() {
  const { companies } = useLoaderData<typeof loader>()
  const { busy, fields, messages } = useUploadResult()
  return (
    <FormPage title="Cargar comprobantes">
      <TemplateNote template="/pagos/carga/plantilla">
        Seleccione la empresa pagadora y cargue su archivo XLSX.
      </TemplateNote>
      <UploadForm errors={messages} cancelTo="/pagos/carga" busy={busy}>
        <UploadSelect name="companyId" label="Empresa" options={companies} defaultValue={fields.companyId} />
        <XlsxFileInput help="Un solo archivo de hasta 20 MB con las columnas de la plantilla. Si una fila tiene errores no se registra ningún comprobante." />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
