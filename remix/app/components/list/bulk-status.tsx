import { type EnumTable, enumOptions } from '@planillas/domain'
import { Form, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClass } from '../ui/button'

/** The id of the form the rows' checkboxes belong to (`form=` attribute: the table holds other forms). */
export const BULK_FORM = 'seleccion'

/**
 * 'Cambiar estado de los seleccionados': the rows' checkboxes (DataTable `selectable`) belong to
 * this form, so without JavaScript ticking rows and pressing the button is enough; with it, the
 * count of selected rows shows and 'Seleccionar todos' ticks the page.
 */
export function BulkStatusForm({ resource, statuses }: { resource: string; statuses: EnumTable }) {
  const location = useLocation()
  const [selected, setSelected] = useState<number | null>(null)
  useEffect(() => {
    const boxes = () => [
      ...document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="ids"]`),
    ]
    const count = () =>
      setSelected(
        new Set(
          boxes()
            .filter((b) => b.checked)
            .map((b) => b.value),
        ).size,
      )
    count()
    document.addEventListener('change', count)
    return () => document.removeEventListener('change', count)
  }, [])
  const selectAll = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="ids"]`))
      box.checked = checked
    setSelected(
      checked
        ? new Set(
            [...document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="ids"]`)].map(
              (b) => b.value,
            ),
          ).size
        : 0,
    )
  }
  return (
    <Form
      id={BULK_FORM}
      method="post"
      action={`/estado/${resource}`}
      className="flex flex-wrap items-end gap-2 rounded border border-slate-200 bg-white px-3 py-2 text-sm"
      aria-label="Acciones sobre los seleccionados"
    >
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {selected !== null ? (
        <>
          <span aria-live="polite" data-testid="selected-count">
            {selected === 1 ? '1 seleccionado' : `${selected} seleccionados`}
          </span>
          <button type="button" className="underline" onClick={() => selectAll(selected === 0)}>
            {selected === 0 ? 'Seleccionar todos en la página' : 'Quitar la selección'}
          </button>
        </>
      ) : null}
      {/* Labelled by id, not wrapped: the label's text is only its own (not the options'). */}
      <label htmlFor="bulk-status" className="flex flex-col">
        Pasar a
      </label>
      <select
        id="bulk-status"
        name="status"
        className="rounded border border-slate-300 px-2 py-1"
        defaultValue=""
      >
        <option value="" disabled>
          Elija…
        </option>
        {enumOptions(statuses).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass('secondary')}>
        Cambiar estado de los seleccionados
      </button>
    </Form>
  )
}
