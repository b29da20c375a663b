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
import { useActionData, useLoaderData, useNavigation } from 'react-router'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import {
  controlClass,
  UploadField,
  UploadForm,
  UploadInput,
  XLSX_ACCEPT,
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
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const fields: Record<string, string> = result?.fields ?? {}
  const messages: string[] = result?.messages ?? []
  // Asked only once the API said the file repeats a payroll (and kept while it is being answered).
  const repeated =
    messages.some((m) => m.startsWith(DUPLICATE_FILE_PREFIX)) || fields.confirmDuplicate === 'on'
  return (
    <FormPage title="Cargar planilla">
      <FormNote>
        Seleccione el periodo para poder cargar su archivo XLSX.{' '}
        <a href="/planillas/externas/plantilla" download className="font-medium underline">
          Descargar plantilla
        </a>
      </FormNote>
      <UploadForm errors={messages} cancelTo="/planillas/externas" busy={busy}>
        <UploadInput
          name="code"
          label="Código de planilla"
          required
          defaultValue={fields.code}
          maxLength={50}
        />
        <UploadField id="period" label="Periodo" required>
          <select
            id="period"
            name="period"
            defaultValue={fields.period ?? ''}
            required
            className={controlClass}
          >
            <option value="">Seleccione</option>
            {periods.map((p) => (
              <option key={p} value={p}>
                {periodLabel(p)} ({p})
              </option>
            ))}
          </select>
        </UploadField>
        <UploadInput
          name="name"
          label="Nombre de planilla"
          required
          defaultValue={fields.name}
          maxLength={100}
        />
        <UploadField id="type" label="Tipo" required>
          <select id="type" name="type" defaultValue={fields.type ?? ''} required className={controlClass}>
            <option value="">Seleccione</option>
            {enumOptions(payrollType).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </UploadField>
        {repeated ? (
          <label className="flex items-start gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              name="confirmDuplicate"
              defaultChecked={fields.confirmDuplicate === 'on'}
              className="mt-1"
            />
            {DUPLICATE_FILE_CONFIRM}
          </label>
        ) : null}
        <UploadInput
          name="file"
          type="file"
          label="Archivo (.xlsx)"
          required
          help="Un solo archivo de hasta 20 MB con las columnas de la plantilla."
          accept={XLSX_ACCEPT}
        />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
