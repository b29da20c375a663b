import { type FieldMetadata, useFormMetadata } from '@conform-to/react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import type { Option } from '@planillas/domain'
import { SEARCH_MAX_LENGTH } from '@planillas/domain'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useHydrated } from '~/utils/use-hydrated'
import { controlClass, MetaFieldShell } from './fields'

type Props = {
  meta: FieldMetadata<string | null | undefined>
  label: string
  required?: boolean
  /** A JSON route answering `Option[]` for `?search=`. */
  source: string
  /** The current choice with its label (from the loader, or from the action after a failed save). */
  selected: Option | null
  /** Without JavaScript: the `intent` of the search button, whose action answers `results`. */
  searchIntent: string
  results?: Option[]
  searchTerm?: string
  placeholder?: string
  /** With JavaScript: called when the user picks an option (or clears the choice). */
  onChange?: (option: Option | null) => void
}

/**
 * A value chosen from a long list found by search (districts, employees…). With JavaScript: a
 * combobox asking `source` as the user types. Without: a search box whose button submits the form
 * with `intent=searchIntent`; the action answers the matches, offered in a select.
 */
export function SearchPickerField(props: Props) {
  const hydrated = useHydrated()
  return hydrated ? <PickerCombobox {...props} /> : <PickerSearchStep {...props} />
}

function PickerCombobox({ meta, label, required, source, selected: initial, placeholder, onChange }: Props) {
  const form = useFormMetadata()
  const fetcher = useFetcher<Option[]>()
  const [selected, setSelected] = useState<Option | null>(initial)
  const [query, setQuery] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const chosen = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow a new choice from the server only
  useEffect(() => setSelected(initial), [initial?.value])
  // biome-ignore lint/correctness/useExhaustiveDependencies: revalidate the field once per user choice
  useEffect(() => {
    if (chosen.current) form.validate({ name: meta.name })
  }, [selected?.value])
  const options = query.trim() ? (fetcher.data ?? []) : []
  return (
    <MetaFieldShell meta={meta} label={label} required={required}>
      <Combobox
        value={selected}
        by="value"
        onChange={(option: Option | null) => {
          chosen.current = true
          setSelected(option)
          onChange?.(option)
        }}
      >
        <div className="relative">
          <ComboboxInput
            id={meta.id}
            className={controlClass}
            placeholder={placeholder}
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            aria-invalid={meta.errors?.length ? true : undefined}
            aria-describedby={meta.errors?.length ? meta.errorId : undefined}
            displayValue={(option: Option | null) => option?.label ?? ''}
            onChange={(event) => {
              const term = event.target.value
              setQuery(term)
              clearTimeout(timer.current)
              if (term.trim().length >= 2) {
                timer.current = setTimeout(
                  () => fetcher.load(`${source}?search=${encodeURIComponent(term)}`),
                  250,
                )
              }
            }}
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-30 max-h-72 w-[var(--input-width)] overflow-auto rounded border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {options.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-primary-light data-[selected]:font-semibold"
              >
                {option.label}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {query.trim().length >= 2 && fetcher.state === 'idle' && fetcher.data?.length === 0 ? (
        <p className="text-xs text-slate-500" role="status">
          No se encontraron resultados.
        </p>
      ) : null}
      <input type="hidden" name={meta.name} value={selected?.value ?? ''} />
    </MetaFieldShell>
  )
}

function PickerSearchStep({
  meta,
  label,
  required,
  selected,
  searchIntent,
  results = [],
  searchTerm,
}: Props) {
  const options = [...(selected ? [selected] : []), ...results.filter((r) => r.value !== selected?.value)]
  const value = String(meta.initialValue ?? selected?.value ?? '')
  return (
    <MetaFieldShell meta={meta} label={label} required={required}>
      <select
        key={`${value}-${results.length}`}
        id={meta.id}
        name={meta.name}
        defaultValue={value}
        className={controlClass}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      >
        <option value="">{options.length ? 'Seleccione' : 'Busque y seleccione'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <label htmlFor={`${meta.id}-search`} className="sr-only">
          Buscar {label.toLowerCase()}
        </label>
        <input
          id={`${meta.id}-search`}
          type="search"
          name={`${meta.name}Search`}
          defaultValue={searchTerm}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={`Buscar ${label.toLowerCase()}`}
          className={controlClass}
        />
        <button
          type="submit"
          name="intent"
          value={searchIntent}
          formNoValidate
          className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
        >
          Buscar
        </button>
      </div>
    </MetaFieldShell>
  )
}
