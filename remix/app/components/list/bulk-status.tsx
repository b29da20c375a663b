import { type EnumTable, enumOptions } from '@planillas/domain'
import { type FormEvent, useEffect, useState } from 'react'
import { Form, useLocation } from 'react-router'
import { SELECTION_PARAM } from '~/list-resources'
import { buttonClass } from '../ui/button'

/** The id of the form the rows' checkboxes belong to (`form=` attribute: the table holds other forms). */
export const BULK_FORM = 'seleccion'

const boxes = () => [...document.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM}"][name="ids"]`)]
const distinct = (list: HTMLInputElement[]) => new Set(list.map((b) => b.value)).size

/**
 * What can be done with the ticked rows of a list (DataTable `selectable`): change their status
 * ('Cambiar estado de los seleccionados', where the list has `statuses`, after the same question a
 * row's change asks) and download them alone
 * ('Descargar selección', where the list has a download). The rows' checkboxes belong to this form,
 * so without JavaScript ticking rows and pressing a button is enough (the download is a GET of the
 * download route with the ticked `ids`); with it, the count of selected rows shows and
 * 'Seleccionar todos' ticks the page.
 */
export function SelectionForm({
  resource,
  statuses,
  downloadPath,
}: {
  /** The status route's resource (`/estado/:resource`). */
  resource: string
  statuses?: EnumTable
  /** The list's download route ('/descargar/areas'): it takes the selection too. */
  downloadPath?: string
}) {
  const location = useLocation()
  const [selected, setSelected] = useState<number | null>(null)
  useEffect(() => {
    const count = () => setSelected(distinct(boxes().filter((b) => b.checked)))
    count()
    document.addEventListener('change', count)
    return () => document.removeEventListener('change', count)
  }, [])
  const selectAll = (checked: boolean) => {
    for (const box of boxes()) box.checked = checked
    setSelected(checked ? distinct(boxes()) : 0)
  }
  // With JavaScript a Remix form would fetch the file as page data: the browser gets it itself.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (!downloadPath || submitter?.getAttribute('name') !== SELECTION_PARAM) return
    event.preventDefault()
    const query = new URLSearchParams({
      [SELECTION_PARAM]: '1',
      back: `${location.pathname}${location.search}`,
    })
    for (const id of new Set(
      boxes()
        .filter((b) => b.checked)
        .map((b) => b.value),
    ))
      query.append('ids', id)
    window.location.assign(`${downloadPath}?${query}`)
  }
  return (
    <Form
      id={BULK_FORM}
      method={statuses ? 'post' : 'get'}
      action={statuses ? `/estado/${resource}` : downloadPath}
      onSubmit={onSubmit}
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
      {statuses ? (
        <>
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
          {/* The confirmation page first (`/estado/:resource/confirmar`), as for one row. */}
          <button
            type="submit"
            formMethod="get"
            formAction={`/estado/${resource}/confirmar`}
            className={buttonClass('secondary')}
          >
            Cambiar estado de los seleccionados
          </button>
        </>
      ) : null}
      {downloadPath ? (
        <button
          type="submit"
          name={SELECTION_PARAM}
          value="1"
          formMethod="get"
          formAction={downloadPath}
          className={buttonClass('secondary')}
        >
          Descargar selección
        </button>
      ) : null}
    </Form>
  )
}
