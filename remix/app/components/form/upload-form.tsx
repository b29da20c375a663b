import type { Option } from '@planillas/domain'
import { XLSX_MIME } from '@planillas/domain'
import { type FormEventHandler, type InputHTMLAttributes, type ReactNode, useEffect, useRef } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { controlClass, FieldShell } from './fields'
import { FormActions, FormNote } from './form-layout'
import { UploadErrors } from './upload-errors'

export { controlClass }

/** What a file input offers for an Excel workbook. */
export const XLSX_ACCEPT = `.xlsx,${XLSX_MIME}`
const fileControlClass = `${controlClass} file:mr-3 file:rounded file:border-0 file:bg-primary-light file:px-3 file:py-1 file:text-primary-dark`

/**
 * A form that uploads files (payrolls, payments): posted as multipart, checked by the API at once;
 * its problems come back counted above the fields ('Errores: N'), with what was typed kept.
 */
export function UploadForm({
  errors,
  cancelTo,
  busy,
  onSubmit,
  children,
}: {
  errors: string[]
  cancelTo: string
  busy: boolean
  onSubmit?: FormEventHandler<HTMLFormElement>
  children: ReactNode
}) {
  // One upload per press: a quick second press would send the file again, and its refusal (the
  // code is now taken) would show beside the first one's success toast.
  const sent = useRef(false)
  useEffect(() => {
    if (!busy) sent.current = false
  }, [busy])
  return (
    <>
      <UploadErrors errors={errors} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          if (sent.current) {
            event.preventDefault()
            return
          }
          onSubmit?.(event)
          if (!event.defaultPrevented) sent.current = true
        }}
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{children}</div>
        <FormActions backTo={cancelTo} submitLabel="Procesar" busyLabel="Procesando…" busy={busy} />
      </Form>
    </>
  )
}

/** A labelled control of an upload form (its problems are listed above the form, not beside it). */
export function UploadField({
  id,
  label,
  required,
  help,
  wide,
  children,
}: {
  id: string
  label: string
  required?: boolean
  help?: ReactNode
  /** Spans both columns. */
  wide?: boolean
  children: ReactNode
}) {
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      help={help}
      errorId={`${id}-error`}
      className={wide ? 'md:col-span-2' : ''}
    >
      {children}
    </FieldShell>
  )
}

/** A text, date or file input of an upload form, its id and name the same. */
export function UploadInput({
  name,
  label,
  required,
  help,
  wide,
  type,
  ...input
}: {
  name: string
  label: string
  required?: boolean
  help?: ReactNode
  wide?: boolean
  type?: 'text' | 'date' | 'file'
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'className'>) {
  return (
    <UploadField id={name} label={label} required={required} help={help} wide={wide}>
      <input
        id={name}
        name={name}
        type={type}
        required={required}
        className={type === 'file' ? fileControlClass : controlClass}
        {...input}
      />
    </UploadField>
  )
}

/** The upload page's note: what to choose and send (`children`), then 'Descargar plantilla' (`template`). */
export function TemplateNote({ template, children }: { template: string; children: ReactNode }) {
  return (
    <FormNote>
      {children}{' '}
      <a href={template} download className="font-medium underline">
        Descargar plantilla
      </a>
    </FormNote>
  )
}

/** 'Archivo (.xlsx)': the one workbook an upload form sends, as `file`; `help` says its limits. */
export function XlsxFileInput({ help }: { help: string }) {
  return (
    <UploadInput name="file" type="file" label="Archivo (.xlsx)" required help={help} accept={XLSX_ACCEPT} />
  )
}

/**
 * What an upload form's page shows after a refused upload: its problems and the text fields as
 * typed (`uploadAction`'s answer), and whether the upload is being sent.
 */
export function useUploadResult() {
  const result = useActionData<{ messages?: string[]; fields?: Record<string, string> }>()
  const busy = useNavigation().state === 'submitting'
  const fields: Record<string, string> = result?.fields ?? {}
  const messages: string[] = result?.messages ?? []
  return { busy, fields, messages }
}

/** A required choice of an upload form ('Seleccione' first), its id and name the same, keeping what was chosen. */
export function UploadSelect({
  name,
  label,
  options,
  defaultValue,
}: {
  name: string
  label: string
  options: readonly Option[]
  defaultValue: string | undefined
}) {
  return (
    <UploadField id={name} label={label} required>
      <select id={name} name={name} defaultValue={defaultValue ?? ''} required className={controlClass}>
        <option value="">Seleccione</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </UploadField>
  )
}

/** The box that confirms an upload the API found repeated (asked only then, and kept while answered). */
export function ConfirmRepeatedUpload({
  fields,
  children,
}: {
  fields: Record<string, string>
  children: ReactNode
}) {
  return (
    <label className="flex items-start gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        name="confirmDuplicate"
        defaultChecked={fields.confirmDuplicate === 'on'}
        className="mt-1"
      />
      {children}
    </label>
  )
}
