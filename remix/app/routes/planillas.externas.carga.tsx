import {
  enumOptions,
  PAYROLL_UPLOAD_MESSAGES,
  payrollType,
  periodLabel,
  periodOptions,
} from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { UploadErrors } from '~/components/form/upload-errors'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { redirectWithToast } from '~/session.server'
import { forwardUpload } from '~/upload.server'

export const meta: MetaFunction = () => [{ title: 'Cargar planilla | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  return { periods: periodOptions() }
}

/** Streams the form to the API, which checks everything it can at once and queues the import. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  const result = await forwardUpload<{ id: number }>(request, '/payroll-batch')
  if (result.ok)
    return redirectWithToast(request, '/planillas/externas', {
      type: 'success',
      message: PAYROLL_UPLOAD_MESSAGES.accepted,
    })
  return data({ messages: result.messages, fields: result.fields }, { status: 400 })
}

const control = 'w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm'

/** The 'Carga base' form (SPEC §2): code, period, name, type and one .xlsx built on the template. */
export default function PayrollUpload() {
  const { periods } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const fields: Record<string, string> = result?.fields ?? {}
  return (
    <FormPage title="Cargar planilla">
      <p
        role="note"
        className="rounded border-l-4 border-primary bg-primary-light px-4 py-3 text-sm text-primary-dark"
      >
        Seleccione el periodo para poder cargar su archivo XLSX.{' '}
        <a href="/planillas/externas/plantilla" download className="font-medium underline">
          Descargar plantilla
        </a>
      </p>
      <UploadErrors errors={result?.messages ?? []} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field id="code" label="Código de planilla" required>
            <input
              id="code"
              name="code"
              defaultValue={fields.code}
              maxLength={50}
              required
              className={control}
            />
          </Field>
          <Field id="period" label="Periodo" required>
            <select id="period" name="period" defaultValue={fields.period ?? ''} required className={control}>
              <option value="">Seleccione</option>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {periodLabel(p)} ({p})
                </option>
              ))}
            </select>
          </Field>
          <Field id="name" label="Nombre de planilla" required>
            <input
              id="name"
              name="name"
              defaultValue={fields.name}
              maxLength={100}
              required
              className={control}
            />
          </Field>
          <Field id="type" label="Tipo" required>
            <select id="type" name="type" defaultValue={fields.type ?? ''} required className={control}>
              <option value="">Seleccione</option>
              {enumOptions(payrollType).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="file"
            label="Archivo (.xlsx)"
            required
            hint="Un solo archivo de hasta 20 MB con las columnas de la plantilla."
          >
            <input
              id="file"
              name="file"
              type="file"
              required
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className={`${control} file:mr-3 file:rounded file:border-0 file:bg-primary-light file:px-3 file:py-1 file:text-primary-dark`}
            />
          </Field>
        </div>
        <div className="flex justify-end gap-2">
          <Link to="/planillas/externas" className={buttonClass('secondary')}>
            Cancelar
          </Link>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Procesando…' : 'Procesar'}
          </button>
        </div>
      </Form>
    </FormPage>
  )
}

function Field({
  id,
  label,
  required,
  hint,
  children,
}: {
  id: string
  label: string
  required?: boolean
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-700"> *</span> : null}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
