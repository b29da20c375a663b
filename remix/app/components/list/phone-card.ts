import type { CSSProperties } from 'react'
import type { Column } from './column'

/** The start of a card's 'Detalle' name, the row's first title following it: 'Detalle de COL-000123'. */
export const TOGGLE_NAME = 'Detalle de'

/**
 * The cells the stylesheet can name on a phone: tailwind.css shows `--l<n>` before the nth cell of a
 * row for n up to this (`phone-card.test.ts` holds the two together). A row of more cells leaves the
 * later ones unnamed.
 */
export const PHONE_LABELLED_CELLS = 24

export type PhoneRole = 'title' | 'detail' | 'hidden'

/** How a table's rows show as phone cards (tailwind.css, `.list-table`). */
export type PhoneCard = {
  /** Each column's place: in the card's head, behind its 'Detalle', or not shown. */
  roles: PhoneRole[]
  /** The column whose cell names the row in 'Detalle de …'. */
  firstTitle: number
  /** The column whose cell holds 'Detalle' (the last of the head, so it comes after every title). */
  lastTitle: number
  /** Whether a card has anything to open: a detail column or the row's actions. */
  toggle: boolean
  /** The detail columns' names, set on the table as `--l<n>` for the nth cell of a row. */
  labels: CSSProperties
}

/** A CSS string of a header: quoted, its quotes and backslashes escaped. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`

/**
 * A card per row: the columns marked 'title' in its head (the first shown column when none is), the
 * others, each under its column's name, and the row's actions behind 'Detalle'. `selectable` puts a
 * checkbox cell first, which moves every column's cell one place on.
 */
export function phoneCard<T>(columns: Column<T>[], selectable: boolean, actions: boolean): PhoneCard {
  const roles: PhoneRole[] = columns.map((c) => c.mobile ?? 'detail')
  if (!roles.includes('title') && roles.includes('detail')) roles[roles.indexOf('detail')] = 'title'
  const offset = selectable ? 2 : 1
  const labels: Record<string, string> = {}
  roles.forEach((role, i) => {
    if (role === 'detail' && columns[i].header) labels[`--l${i + offset}`] = cssString(columns[i].header)
  })
  return {
    roles,
    firstTitle: roles.indexOf('title'),
    lastTitle: roles.lastIndexOf('title'),
    toggle: roles.includes('title') && (roles.includes('detail') || actions),
    labels: labels as CSSProperties,
  }
}
