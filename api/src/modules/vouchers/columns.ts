import { suppliers, paymentVouchers as v } from '@planillas/db'

/**
 * A voucher as the month's registers name it (the retention register, the SIRE proposal's
 * reconciliation): its id, supplier (RUC and name), type, series, number, issue date and currency.
 * Selected from the vouchers joined to their supplier.
 */
export const voucherOfSupplier = {
  id: v.id,
  supplierRuc: suppliers.ruc,
  supplierName: suppliers.name,
  type: v.type,
  series: v.series,
  number: v.number,
  issueDate: v.issueDate,
  currency: v.currency,
}
