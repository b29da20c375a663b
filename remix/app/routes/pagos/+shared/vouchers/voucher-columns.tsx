import { formatDate } from '@planillas/domain'
import type { Column } from '~/components/list/column'
import { TwoLineCell } from '~/components/list/data-table'

/** A voucher list's date column: DD/MM/AAAA unbroken, leaving the supplier's name room at 1280 px. */
export const VOUCHER_DATE = 'w-[5.75rem]'

/** 'Proveedor': the supplier's name over its R.U.C., sorted by name, in the phone card's summary. */
export function supplierColumn<
  T extends { supplierName: string | null; supplierRuc: string | null },
>(): Column<T> {
  return {
    header: 'Proveedor',
    sort: 'supplierName',
    cell: (r) => <TwoLineCell main={r.supplierName} sub={r.supplierRuc} />,
    mobile: 'title',
  }
}

/** 'Emisión': the voucher's issue date, sorted by it. */
export function issueDateColumn<T extends { issueDate: string }>(): Column<T> {
  return {
    header: 'Emisión',
    sort: 'issueDate',
    cell: (r) => formatDate(r.issueDate),
    width: VOUCHER_DATE,
    className: 'whitespace-nowrap',
  }
}
