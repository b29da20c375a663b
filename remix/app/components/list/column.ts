import type { ReactNode } from 'react'

export type Column<T> = {
  header: string
  cell: (row: T) => ReactNode
  /**
   * On a phone's card: 'title' in its head, 'detail' (the default) behind its 'Detalle', 'hidden' not at
   * all (phone-card.ts).
   */
  mobile?: 'title' | 'detail' | 'hidden'
  className?: string
  /**
   * The column's share of a fixed-layout table (`COLUMN.*`); columns without one share what is left.
   * Widths keep every column in view at 1280 px instead of a table that scrolls sideways.
   */
  width?: string
  /** Long text is cut at two lines (whole text on hover) unless the column says it must show in full. */
  fullText?: boolean
  /** The API's sort field for this column (allow-listed there): its header then orders the list. */
  sort?: string
}

/** Widths for the usual kinds of narrow column. */
export const COLUMN = {
  code: 'w-28',
  shortCode: 'w-24',
  date: 'w-24',
  dateTime: 'w-28',
  money: 'w-24',
  count: 'w-24',
  status: 'w-32',
  progress: 'w-28',
  actions: 'w-24',
} as const

/**
 * A header's width: never narrower than its longest word, so no header word is split ('Proveedore s').
 * The word's width is estimated from its letters (the header's 12 px semibold averages under 0.58 em a
 * letter), plus the cell's padding and, when it sorts, the arrow. A column with a width of its own
 * (`w-24`, `w-[5.5rem]`) keeps it when the word fits. In a fixed layout what is left over is shared
 * among the columns.
 */
export function headerWidth(header: string, width: string | undefined, sortable: boolean): string {
  const longest = Math.max(...header.split(/\s+/).map((w) => w.length))
  const word = `${(longest * 0.58 * 0.75 + 1 + (sortable ? 1.1 : 0)).toFixed(2)}rem`
  const own = ownWidth(width)
  // A column without a width of its own takes what the others leave (names, descriptions), never
  // less than its header's longest word. A floor beyond that (8rem) pushed lists of many columns past
  // 1280 px: a screen that needs a name wider gives its column a width.
  return own ? `max(${own}, ${word})` : word
}

/** A Tailwind width class as CSS: `w-24` → '6rem', `w-[5.5rem]` → '5.5rem'. */
function ownWidth(width: string | undefined): string | undefined {
  const scale = /(?:^|\s)w-(\d+(?:\.\d+)?)(?:\s|$)/.exec(width ?? '')
  if (scale) return `${Number(scale[1]) / 4}rem`
  return /(?:^|\s)w-\[(\d+(?:\.\d+)?(?:rem|px|%))\](?:\s|$)/.exec(width ?? '')?.[1]
}
