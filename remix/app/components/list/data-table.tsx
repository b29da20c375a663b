import { MESSAGES } from '@planillas/domain'
import { type ReactNode, useId } from 'react'
import { useSearchParams } from 'react-router'
import { BULK_FORM } from './bulk-status'
import { COLUMN, type Column, headerWidth } from './column'
import { PhoneTotals, TotalsRow } from './list-totals'
import { phoneCard, TOGGLE_NAME } from './phone-card'
import { ariaSort, readSort, SortLink, SortSelect } from './sort-header'

/** A cell of two lines: the main text and, smaller, what qualifies it (a document under a name). */
export function TwoLineCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <>
      <span
        className="line-clamp-2 break-words print:line-clamp-none"
        title={typeof main === 'string' ? main : undefined}
      >
        {main}
      </span>
      {sub ? <span className="block text-xs text-slate-500">{sub}</span> : null}
    </>
  )
}

/** A row's checkbox: it belongs to the bulk form above the table (the table holds other forms). */
function SelectBox({ value, label }: { value: string | number; label: string }) {
  return (
    <label className="inline-flex items-center gap-2">
      <input type="checkbox" name="ids" value={value} form={BULK_FORM} className="h-4 w-4" />
      {/* Named only to screen readers in the table; a phone's card shows it (tailwind.css). */}
      <span className="sr-only">{label}</span>
    </label>
  )
}

/**
 * A text cell shows at most two lines on a desktop (the whole text is its tooltip), all of it on a
 * phone's card and on paper. Other content as it is.
 */
function CellContent({ content }: { content: ReactNode }) {
  if (typeof content !== 'string' || content.length < 24) return <>{content}</>
  return (
    <span className="break-words lg:line-clamp-2 print:line-clamp-none" title={content}>
      {content}
    </span>
  )
}

type TableProps<T> = {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  actions?: (row: T) => ReactNode
  caption: string
  /** What an empty list offers (clear the filters, go back to the last page). */
  emptyAction?: ReactNode
  /** What an empty list says, when not the usual 'No se encontraron resultados.' */
  emptyMessage?: string
  /** The filtered list's totals (the whole list, not the page), by column header: a last row. */
  totals?: Partial<Record<string, ReactNode>>
  /** Rows can be selected for an action on them (`SelectionForm`): the checkbox's accessible name. */
  selectable?: (row: T) => string
  /** The 'Opciones' column's width where its links are longer than 'Ver datos' (a Tailwind `w-*`). */
  actionsWidth?: string
}

/**
 * The table of a list: one markup for every width. From 992 px (and on paper) a table of every
 * column; below, each row is a card (tailwind.css, `.list-table`): the title columns in its head,
 * 'Detalle' opening the others and the actions (a `<details>`, so no JavaScript needed).
 */
export function DataTable<T>(props: TableProps<T>) {
  const { columns, rows, totals } = props
  if (rows.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
        data-testid="empty"
      >
        <p>{props.emptyMessage ?? MESSAGES.empty}</p>
        {props.emptyAction}
      </div>
    )
  }
  const sortable = columns.flatMap((c) => (c.sort ? [{ field: c.sort, label: c.header }] : []))
  return (
    <>
      {sortable.length ? <SortSelect fields={sortable} /> : null}
      {totals ? <PhoneTotals totals={totals} /> : null}
      <Table {...props} />
    </>
  )
}

/**
 * A fixed layout: columns share the width instead of pushing the table past the screen. On a phone
 * the same rows are cards, each detail cell under its column's name.
 */
function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  totals,
  selectable,
  actions,
  actionsWidth = COLUMN.actions,
}: TableProps<T>) {
  const [params] = useSearchParams()
  const sort = readSort(params.get('sort'))
  const card = phoneCard(columns, Boolean(selectable), Boolean(actions))
  const id = useId()
  const cellClass = (c: Column<T>, i: number) =>
    [
      'list-cell',
      card.roles[i] === 'title' ? 'list-title' : card.roles[i] === 'hidden' ? 'phone-hidden' : '',
      c.className ?? '',
    ]
      .filter(Boolean)
      .join(' ')
  return (
    <section
      className="lg:rounded lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm print:border-0 print:shadow-none"
      aria-label={caption}
    >
      {card.toggle ? (
        <span hidden id={`${id}d`}>
          {TOGGLE_NAME}
        </span>
      ) : null}
      <table
        className="list-table w-full table-fixed divide-y divide-slate-200 text-[13px]"
        style={card.labels}
      >
        <caption className="sr-only">{caption}</caption>
        {/* Sticky: the column names stay in view while a long page scrolls. */}
        <thead className="sticky top-0 z-10 bg-slate-100 print:static text-left text-xs font-semibold text-slate-700 shadow-sm">
          <tr>
            {selectable ? (
              <th scope="col" className="w-10 px-2 py-3 align-bottom">
                <span className="sr-only">Seleccionar</span>
              </th>
            ) : null}
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                aria-sort={c.sort ? ariaSort(sort, c.sort) : undefined}
                className={`px-2 py-3 align-bottom break-normal hyphens-none ${c.width ?? ''} ${c.className ?? ''} whitespace-normal!`}
                style={{ width: headerWidth(c.header, c.width, Boolean(c.sort)) }}
              >
                {c.sort ? <SortLink field={c.sort} label={c.header} /> : c.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={`px-2 py-3 align-bottom ${actionsWidth}`}>
                Opciones
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, r) => {
            const key = rowKey(row)
            const title = `${id}t${r}`
            return (
              <tr key={key} className="group hover:bg-slate-50">
                {selectable ? (
                  <td className="list-select px-2 py-1 align-middle">
                    <SelectBox value={key} label={selectable(row)} />
                  </td>
                ) : null}
                {columns.map((c, i) => {
                  const content = c.cell(row)
                  return (
                    <td
                      key={c.header}
                      id={i === card.firstTitle ? title : undefined}
                      className={cellClass(c, i)}
                    >
                      {c.fullText ? content : <CellContent content={content} />}
                      {card.toggle && i === card.lastTitle ? (
                        <CardToggle labelledBy={`${id}d ${title}`} />
                      ) : null}
                    </td>
                  )
                })}
                {actions ? (
                  <td className="list-actions px-1 py-1 align-middle whitespace-nowrap">
                    <div className="flex flex-col items-start gap-0.5">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
        {totals ? (
          <TotalsRow
            columns={columns}
            totals={totals}
            selectable={Boolean(selectable)}
            actions={Boolean(actions)}
          />
        ) : null}
      </table>
    </section>
  )
}

/**
 * A phone's 'Detalle' (tailwind.css, `.list-toggle`): it opens the row's card to its detail cells
 * and actions, a `<details>` so it works without JavaScript, hidden on a desktop and on paper. Its
 * visible text comes from the stylesheet, so the cell it sits in reads as before to a desktop's
 * screen reader and to the tests; its name is 'Detalle de' and the row's first title.
 */
function CardToggle({ labelledBy }: { labelledBy: string }) {
  return (
    <details className="list-toggle">
      <summary aria-labelledby={labelledBy} />
    </details>
  )
}
