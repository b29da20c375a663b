import { MESSAGES } from '@planillas/domain'
import type { ReactNode } from 'react'

export type Column<T> = {
  header: string
  cell: (row: T) => ReactNode
  /** On narrow screens: 'title' shows in the row's summary, 'detail' in its expandable part (default). */
  mobile?: 'title' | 'detail' | 'hidden'
  className?: string
}

/** The options column stays in view while a wide table scrolls sideways. */
const stickyEdge = 'sticky right-0 shadow-[-1px_0_0_var(--color-slate-200)]'

/**
 * The table of a list. Desktop (≥ 992 px) shows every column; on a phone each row is a card whose
 * summary shows the title columns and expands to the rest (a `<details>`, so no JavaScript needed).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  actions,
  caption,
}: {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  actions?: (row: T) => ReactNode
  caption: string
}) {
  if (rows.length === 0) {
    return (
      <p
        className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
        data-testid="empty"
      >
        {MESSAGES.empty}
      </p>
    )
  }
  const titles = columns.filter((c) => c.mobile === 'title')
  const details = columns.filter((c) => !c.mobile || c.mobile === 'detail')
  return (
    <>
      {/* A scrollable region must be reachable by keyboard: focusable and named. */}
      <section
        className="hidden overflow-x-auto rounded border border-slate-200 bg-white shadow-sm lg:block"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways; keyboard users need to reach it
        tabIndex={0}
        aria-label={caption}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-3 py-3 ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={`bg-slate-100 px-3 py-3 ${stickyEdge}`}>
                  Opciones
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="group hover:bg-slate-50">
                {columns.map((c) => (
                  <td key={c.header} className={`px-3 py-2 align-middle ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions ? (
                  <td
                    className={`bg-white px-3 py-2 whitespace-nowrap group-hover:bg-slate-50 ${stickyEdge}`}
                  >
                    {/* Two actions a line: a row with four stays narrow enough to keep the columns in view. */}
                    <div className="inline-grid grid-cols-[auto_auto] justify-items-start gap-x-1 gap-y-0.5">
                      {actions(row)}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ul className="flex flex-col gap-2 lg:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded border border-slate-200 bg-white shadow-sm">
            <details>
              <summary className="flex cursor-pointer list-none flex-col px-4 py-3">
                {titles.map((c, i) => (
                  <span key={c.header} className={i === 0 ? 'font-semibold' : 'text-sm text-slate-600'}>
                    {c.cell(row)}
                  </span>
                ))}
              </summary>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 border-t border-slate-100 px-4 py-3 text-sm">
                {details.map((c) => (
                  <div key={c.header} className="contents">
                    <dt className="text-slate-500">{c.header}</dt>
                    <dd>{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {actions ? (
                <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">{actions(row)}</div>
              ) : null}
            </details>
          </li>
        ))}
      </ul>
    </>
  )
}
