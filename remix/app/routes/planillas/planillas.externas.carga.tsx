import {
  DUPLICATE_FILE_CONFIRM,
  DUPLICATE_FILE_PREFIX,
  enumOptions,
  PAYROLL_UPLOAD_MESSAGES,
  payrollType,
  periodLabel,
  periodOptions,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import {
  ConfirmRepeatedUpload,
  TemplateNote,
  UploadForm,
  UploadInput,
  UploadSelect,
  useUploadResult,
  XlsxFileInput,
} from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargar planilla')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  return { periods: periodOptions() }
}

/** Streams the form to the API, which checks everything it can at once and queues the import. */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'planillas_carga',
    path: '/payroll-batch',
    successTo: '/planillas/externas',
    watch: 'planilla',
    message: PAYROLL_UPLOAD_MESSAGES.accepted,
  })

/** The 'Carga base' form: code, period, name, type and one .xlsx built on the template. */
export default function PayrollUpload() {
  const { periods } = useLoaderData<typeof loader>()
  const { busy, fields, messages } = useUploadResult()
  // Asked only once the API said the file repeats a payroll (and kept while it is being answered).
  const repeated =
    messages.some((m) => m.startsWith(DUPLICATE_FILE_PREFIX)) || fields.confirmDuplicate === 'on'
  return (
    <FormPage title="Cargar planilla">
      <TemplateNote template="/planillas/externas/plantilla">
        Seleccione el periodo para poder cargar su archivo XLSX.
      </TemplateNote>
      <UploadForm errors={messages} cancelTo="/planillas/externas" busy={busy}>
        <UploadInput
          name="code"
          label="Código de planilla"
          required
          defaultValue={fields.code}
          maxLength={50}
        />
        <UploadSelect
          name="period"
          label="Periodo"
          options={periods.map((p) => ({ value: p, label: `${periodLabel(p)} (${p})` }))}
          defaultValue={fields.period}
        />
        <UploadInput
          name="name"
          label="Nombre de planilla"
          required
          defaultValue={fields.name}
          maxLength={100}
        />
        <UploadSelect
          name="type"
          label="Tipo"
          options={enumOptions(payrollType)}
          defaultValue={fields.type}
        />
        {repeated ? (
          <ConfirmRepeatedUpload fields={fields}>{DUPLICATE_FILE_CONFIRM}</ConfirmRepeatedUpload>
        ) : null}
        <XlsxFileInput help="Un solo archivo de hasta 20 MB con las columnas de la plantilla." />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
