import type { ReactNode } from 'react'
import type { Column } from './column'

/** The totals row's name: it sums every row the filters let through, on every page. */
export const TOTALS_LABEL = 'Total de la lista filtrada'

/**
 * The totals row: its label spans every column before the first total (a narrow first column wrapped it
 * letter by letter), and an amount may wrap at its space ('S/' over '26,494.00') but never spill into
 * the next cell ('S/ 26,494.00S/ 444.00').
 */
export function TotalsRow<T>({
  columns,
  totals,
  selectable,
  actions,
}: {
  columns: Column<T>[]
  totals: Partial<Record<string, ReactNode>>
  selectable: boolean
  actions: boolean
}) {
  const first = columns.findIndex((c) => totals[c.header] !== undefined)
  const span = Math.max(1, first === -1 ? columns.length : first) + (selectable ? 1 : 0)
  return (
    <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold" data-testid="totals">
      <tr>
        <td colSpan={span} className="list-cell break-normal">
          {TOTALS_LABEL}
        </td>
        {columns.slice(span - (selectable ? 1 : 0)).map((c) => (
          <td
            key={c.header}
            className={`list-cell break-normal text-xs tabular-nums ${c.className ?? ''} px-1! whitespace-normal!`}
          >
            {totals[c.header] ?? null}
          </td>
        ))}
        {actions ? <td /> : null}
      </tr>
    </tfoot>
  )
}

/** On a phone, the filtered list's totals above the cards. */
export function PhoneTotals({ totals }: { totals: Partial<Record<string, ReactNode>> }) {
  return (
    <dl
      className="grid grid-cols-2 gap-x-3 gap-y-1 rounded border border-slate-300 bg-slate-50 px-4 py-3 text-sm lg:hidden print:hidden"
      aria-label={TOTALS_LABEL}
    >
      {Object.entries(totals).map(([header, value]) => (
        <div key={header} className="contents">
          <dt className="text-slate-600">{header}</dt>
          <dd className="text-right font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
