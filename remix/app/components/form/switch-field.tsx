import { type FieldMetadata, getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'

/** An on/off choice: a native checkbox shown as a switch (works without JavaScript). */
export function SwitchField({
  meta,
  label,
  help,
}: {
  meta: FieldMetadata<boolean | string | null | undefined>
  label: string
  help?: ReactNode
}) {
  const { key, ...input } = getInputProps(meta, { type: 'checkbox', ariaAttributes: true })
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <input
          key={key}
          {...input}
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; ARIA in HTML advises against aria-checked on it
          role="switch"
          className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-primary-dark checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
        />
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
      </div>
      {help ? <p className="text-xs text-slate-500">{help}</p> : null}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm text-red-700" data-testid="field-error">
          {meta.errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
