import { type EnumTable, formatDateTime } from '@planillas/domain'
import { StatusBadge } from '../ui/badge'
import { COLUMN, type Column } from './column'

/** 'Código': the record's code, never wrapped, in the phone card's summary; `sort` names its API field. */
export function codeColumn<T extends { code: string }>({
  sort,
  width,
}: {
  sort: string
  width?: string
}): Column<T> {
  return {
    header: 'Código',
    sort,
    cell: (r) => r.code,
    mobile: 'title',
    className: 'whitespace-nowrap',
    width,
  }
}

/** 'Estado': the record's status as the badge of its enumeration (`table`), sorted by status. */
export function statusColumn<T extends { status: number }>(table: EnumTable): Column<T> {
  return {
    header: 'Estado',
    sort: 'status',
    cell: (r) => <StatusBadge table={table} code={r.status} />,
    width: COLUMN.status,
  }
}

/** 'Fecha de creación': when the record was created, to the minute, sorted by it. */
export function createdAtColumn<T extends { createdAt: string }>(): Column<T> {
  return {
    header: 'Fecha de creación',
    sort: 'createdAt',
    cell: (r) => formatDateTime(r.createdAt),
    width: COLUMN.dateTime,
  }
}
