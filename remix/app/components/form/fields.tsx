import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useFormMetadata,
} from '@conform-to/react'
import type { Option } from '@planillas/domain'
import { dayMonthYear } from '@planillas/domain'
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { useActionData } from 'react-router'
import { DATE_FIELDS_KEY } from '~/utils/date-fields'
import { useHydrated } from '~/utils/use-hydrated'

/**
 * Without JavaScript nothing can move the focus after a failed save, so the first field with an
 * error carries `autofocus` in the server's HTML (the form goes to the first error).
 */
function useIsFirstError(name: string): boolean {
  const form = useFormMetadata()
  const first = Object.entries(form.allErrors).find(([, errors]) => errors?.length)?.[0]
  return first === name
}

export const controlClass =
  'w-full rounded border bg-white px-3 py-2 text-sm shadow-sm [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-600 disabled:bg-slate-100 aria-invalid:border-red-600 border-slate-300'

type Common = { label: string; help?: ReactNode; required?: boolean }

/** A label, its control and the errors beside it; the errors are tied to the control for screen readers. */
export function FieldShell({
  id,
  label,
  help,
  required,
  errors,
  errorId,
  className = '',
  children,
}: Common & { id: string; errors?: string[]; errorId: string; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-700"> *</span> : null}
      </label>
      {children}
      {help ? (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      {errors?.length ? (
        <ul id={errorId} className="text-sm text-red-700" data-testid="field-error">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** `FieldShell` of a schema form's field: its id, its errors and their id come from conform's `meta`. */
export function MetaFieldShell({
  meta,
  children,
  ...common
}: Common & { meta: { id: string; errors?: string[]; errorId: string }; children: ReactNode }) {
  return (
    <FieldShell id={meta.id} {...common} errors={meta.errors} errorId={meta.errorId}>
      {children}
    </FieldShell>
  )
}

const CHOOSE_AGAIN = 'Vuelva a elegir el archivo.'

/** What a PDF or an XML file field offers to choose. */
export const PDF_ACCEPT = '.pdf,application/pdf'
export const XML_ACCEPT = '.xml,application/xml,text/xml'

/**
 * A file of a schema form (a voucher's PDF, a CV). A page drawn by the server never holds a chosen
 * file: when a post without JavaScript brings the page back, the field is empty again and says so
 * (`remind`, unless its `help` already does). `beside` is a control next to it (the 'Leer XML' button).
 */
export function FileField({
  meta,
  label,
  help,
  required,
  accept,
  beside,
  remind = true,
}: Common & {
  meta: { id: string; name: string; errors?: string[]; errorId: string }
  accept: string
  beside?: ReactNode
  remind?: boolean
}) {
  const autoFocus = useIsFirstError(meta.name)
  // Any answer of the page's own action (a refusal, a search, 'Leer XML') is the page drawn again.
  const answered = useActionData() !== undefined
  const hydrated = useHydrated()
  const again = remind && answered && !hydrated
  const invalid = Boolean(meta.errors?.length)
  const input = (
    <input
      id={meta.id}
      name={meta.name}
      type="file"
      accept={accept}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? meta.errorId : undefined}
      autoFocus={autoFocus || undefined}
      className="min-w-0 max-w-full text-sm"
    />
  )
  return (
    <MetaFieldShell
      meta={meta}
      label={label}
      required={required}
      help={
        again ? (
          <>
            {help} {CHOOSE_AGAIN}
          </>
        ) : (
          help
        )
      }
    >
      {beside ? (
        <div className="flex flex-wrap items-center gap-2">
          {input}
          {beside}
        </div>
      ) : (
        input
      )}
    </MetaFieldShell>
  )
}

export function TextField({
  meta,
  type = 'text',
  label,
  help,
  required,
  ...props
}: Common & { meta: FieldMetadata<string | number | null | undefined> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'type'
  > & {
    type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'search' | 'password' | 'hidden'
  }) {
  // A field the page controls (`value`, recomputed as it is typed) takes no `defaultValue` beside it.
  const { key, ...input } = getInputProps(meta, {
    type,
    ariaAttributes: true,
    value: props.value === undefined,
  })
  const autoFocus = useIsFirstError(meta.name)
  return (
    <MetaFieldShell meta={meta} label={label} help={help} required={required}>
      <input key={key} {...input} autoFocus={autoFocus || undefined} {...props} className={controlClass} />
    </MetaFieldShell>
  )
}

/** A text of several lines (a reason, an observation). */
export function TextareaField({
  meta,
  label,
  help,
  required,
  rows = 3,
  ...props
}: Common & {
  meta: FieldMetadata<string | null | undefined>
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { key, ...textarea } = getTextareaProps(meta, { ariaAttributes: true })
  const autoFocus = useIsFirstError(meta.name)
  return (
    <MetaFieldShell meta={meta} label={label} help={help} required={required}>
      <textarea
        key={key}
        {...textarea}
        rows={rows}
        autoFocus={autoFocus || undefined}
        {...props}
        className={controlClass}
      />
    </MetaFieldShell>
  )
}

/**
 * A date typed and shown as DD/MM/YYYY whatever the browser's language (a native date input shows the
 * browser's order, mm/dd/yyyy on an English one). It posts what was typed and says it is a date, so
 * the form's parsing reads it as an ISO date (`withIsoDates`), with and without JavaScript.
 */
export function DateField({
  meta,
  label,
  help,
  required,
  ...props
}: Common & { meta: FieldMetadata<string | null | undefined> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'type'
  >) {
  const { key, defaultValue, ...input } = getInputProps(meta, { type: 'text', ariaAttributes: true })
  const autoFocus = useIsFirstError(meta.name)
  return (
    <MetaFieldShell meta={meta} label={label} help={help ?? 'DD/MM/AAAA'} required={required}>
      <input
        key={key}
        {...input}
        defaultValue={dayMonthYear(typeof defaultValue === 'string' ? defaultValue : '')}
        inputMode="numeric"
        placeholder="DD/MM/AAAA"
        maxLength={10}
        autoComplete="off"
        autoFocus={autoFocus || undefined}
        {...props}
        className={controlClass}
      />
      <input type="hidden" name={DATE_FIELDS_KEY} value={meta.name} />
    </MetaFieldShell>
  )
}

export function SelectField({
  meta,
  label,
  help,
  required,
  options,
  placeholder = 'Seleccione',
  disabled,
  onChange,
}: Common & {
  meta: FieldMetadata<string | number | null | undefined>
  options: Option[]
  placeholder?: string
  disabled?: boolean
  /** What the page does as the choice changes (another SPOT code's proposal); the form tracks it anyway. */
  onChange?: (value: string) => void
}) {
  const { key, ...select } = getSelectProps(meta, { ariaAttributes: true })
  const autoFocus = useIsFirstError(meta.name)
  return (
    <MetaFieldShell meta={meta} label={label} help={help} required={required}>
      <select
        key={key}
        {...select}
        autoFocus={autoFocus || undefined}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        className={controlClass}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </MetaFieldShell>
  )
}

/**
 * A read-only value shown like a field (copies, computed values, values fixed elsewhere). `submits`
 * sends a value of its own under a field's name (an id behind the label shown).
 */
export function ReadOnlyField({
  id,
  label,
  value,
  name,
  help,
  submits,
  errors,
}: {
  id: string
  label: string
  value: string
  name?: string
  help?: ReactNode
  submits?: { name: string; value: string }
  errors?: string[]
}) {
  const helpId = help ? `${id}-help` : undefined
  return (
    <FieldShell id={id} label={label} help={help} errors={errors} errorId={`${id}-error`}>
      <input
        id={id}
        name={name}
        value={value}
        readOnly
        aria-describedby={helpId}
        aria-invalid={errors?.length ? true : undefined}
        className={controlClass}
      />
      {submits ? <input type="hidden" name={submits.name} value={submits.value} /> : null}
    </FieldShell>
  )
}
