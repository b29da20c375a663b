import { type FormMetadata, FormProvider, getFormProps } from '@conform-to/react'
import { type ReactNode, useEffect } from 'react'
import { Form, Link } from 'react-router'
import { useListReturn } from '../list/back-to-list'
import { buttonClass } from '../ui/button'

/** A titled card grouping the fields of one section of a form. */
export function FormCard({
  title,
  children,
  columns = 2,
}: {
  title: string
  children: ReactNode
  columns?: 1 | 2 | 3
}) {
  const grid = { 1: 'grid-cols-1', 2: 'grid-cols-1 md:grid-cols-2', 3: 'grid-cols-1 md:grid-cols-3' }[columns]
  return (
    <fieldset className="rounded border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-primary-dark">{title}</legend>
      <div className={`grid gap-4 ${grid}`}>{children}</div>
    </fieldset>
  )
}

/** The page frame of a form: its title and the Guardar / Cancelar-Volver buttons. */
export function FormPage({
  title,
  children,
  wide = false,
}: {
  title: string
  children: ReactNode
  /** A record with a table of its own (a payroll's lines) takes the page's whole width. */
  wide?: boolean
}) {
  return (
    <section
      aria-labelledby="page-title"
      className={`mx-auto flex flex-col gap-4 ${wide ? 'w-full max-w-7xl' : 'max-w-4xl'}`}
    >
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  )
}

export function FormActions({
  backTo,
  backLabel = 'Cancelar',
  submitLabel = 'Guardar',
  busyLabel = 'Guardando…',
  busy,
}: {
  backTo: string
  backLabel?: string
  submitLabel?: string
  busyLabel?: string
  busy?: boolean
}) {
  // Opened from the list (`desde`): back to it as it was.
  const back = useListReturn(backTo)
  return (
    <div className="flex justify-end gap-2">
      <Link to={back} className={buttonClass('secondary')}>
        {backLabel}
      </Link>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  )
}

/** A note at the top of a form: what it needs, where the template is, what a renewal does. */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="rounded border-l-4 border-primary bg-primary-light px-4 py-3 text-sm text-primary-dark"
    >
      {children}
    </p>
  )
}

/** Errors that belong to the whole form (for example a rule the server checked). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <div
      id={id}
      role="alert"
      className="rounded border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <ul>
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * After a submit that came back with errors, bring the first invalid field into view and focus it
 * (the page scrolls to the first error).
 */
export function useFocusFirstError(formId: string, result: unknown) {
  useEffect(() => {
    if (!result) return
    const form = document.getElementById(formId)
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]')
    if (!first) return
    first.scrollIntoView({ block: 'center' })
    first.focus({ preventScroll: true })
  }, [formId, result])
}

/**
 * The `<form>` of a conform form: posts to the route's action (works without JavaScript), shares
 * the form's state with the fields, and lists the form-level errors first.
 */
export function SchemaForm<Fields extends Record<string, unknown>>({
  form,
  children,
  encType,
}: {
  form: FormMetadata<Fields, string[]>
  children: ReactNode
  encType?: 'multipart/form-data'
}) {
  return (
    <FormProvider context={form.context}>
      <Form method="post" encType={encType} {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        {children}
      </Form>
    </FormProvider>
  )
}
