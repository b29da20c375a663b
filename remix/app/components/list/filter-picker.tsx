import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react'
import type { Option } from '@planillas/domain'
import { useRef, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated'
import { chosenFirst, chosenOptions, matchingOptions } from './filter-model'

/** A filter's input or select: the panel's single-value filters and the picker's search box. */
export const fieldClass = 'w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm'

type Props = {
  label: string
  /** The URL parameter, repeated once per chosen value (`areaIds=1&areaIds=2`). */
  name: string
  options: Option[]
  /** The values in force, from the URL. */
  values: string[]
}

/**
 * A multiple filter of 'Filtrar' (Área, Cargo, Empresa…). With JavaScript: a combobox that finds
 * options as the user types (accents ignored) or lists them all from its ▾ button, the chosen ones
 * shown as removable chips above it.
 * Without: a checklist of every option, the chosen ones first and ticked. Both send one `name=value`
 * per chosen value in the panel's GET form.
 */
export function FilterPicker(props: Props) {
  const hydrated = useHydrated()
  // Keyed by the values in force: after a chip is removed or 'Limpiar', it shows the new choice.
  return hydrated ? <PickerCombobox key={props.values.join()} {...props} /> : <PickerChecklist {...props} />
}

function PickerCombobox({ label, name, options, values }: Props) {
  const id = `filter-${name}`
  const [chosen, setChosen] = useState(() => chosenOptions(options, values))
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const matches = matchingOptions(options, query)
  const remove = (value: string) => {
    setChosen((current) => current.filter((o) => o.value !== value))
    // Its button goes with the chip: the focus stays in the picker, not lost to the page.
    input.current?.focus()
  }
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {chosen.length ? (
        <ul className="flex flex-wrap gap-1" aria-label={`${label} elegidos`}>
          {chosen.map((option) => (
            <li
              key={option.value}
              className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full bg-primary-light py-0.5 pr-1 pl-2 text-xs text-primary-dark"
            >
              <span className="truncate" title={option.label}>
                {option.label}
              </span>
              <button
                type="button"
                onClick={() => remove(option.value)}
                className="shrink-0 rounded-full px-1 font-bold hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={`Quitar ${option.label} de ${label}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox
        multiple
        value={chosen}
        by="value"
        onChange={(next: Option[]) => {
          setChosen(next)
          // A choice made, the box is ready for the next search.
          setQuery('')
          if (input.current) input.current.value = ''
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            ref={input}
            id={id}
            className={`${fieldClass} pr-8`}
            placeholder={chosen.length ? 'Agregar otro…' : `Buscar ${label.toLowerCase()}…`}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Backspace in an empty box takes back the last choice, as in most chip inputs.
              if (event.key === 'Backspace' && !event.currentTarget.value && chosen.length)
                setChosen(chosen.slice(0, -1))
            }}
          />
          {/* Every option at a click (typing or the down arrow open them too; focus alone does not). */}
          <ComboboxButton
            aria-label={`Ver opciones de ${label}`}
            className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 hover:text-slate-700"
          >
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
        </div>
        {/* Not modal: 'Aplicar' and the rest of the panel stay at hand while the options are open. */}
        <ComboboxOptions
          modal={false}
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-30 max-h-60 w-[var(--input-width)] overflow-auto rounded border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
        >
          {matches.map((option) => (
            <ComboboxOption
              key={option.value}
              value={option}
              className="group flex cursor-pointer items-start gap-2 px-3 py-2 data-[focus]:bg-primary-light"
            >
              <span
                aria-hidden="true"
                className="w-3 shrink-0 text-primary-dark invisible group-data-[selected]:visible"
              >
                ✓
              </span>
              <span className="min-w-0 break-words group-data-[selected]:font-semibold">{option.label}</span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {query.trim() && matches.length === 0 ? (
        <p className="text-xs text-slate-500" role="status">
          No se encontraron resultados.
        </p>
      ) : null}
      {chosen.map((option) => (
        <input key={option.value} type="hidden" name={name} value={option.value} />
      ))}
    </div>
  )
}

function PickerChecklist({ label, name, options, values }: Props) {
  const ticked = new Set(values)
  return (
    <fieldset className="flex min-w-0 flex-col gap-1 text-sm">
      <legend className="mb-1 font-medium text-slate-700">{label}</legend>
      <div className="max-h-40 overflow-y-auto rounded border border-slate-300 bg-white px-2 py-1">
        {chosenFirst(options, values).map((option) => (
          <label key={option.value} className="check-option">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={ticked.has(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
