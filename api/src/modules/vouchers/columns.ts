import { companies, suppliers, paymentVouchers as v } from '@planillas/db'

/** A voucher as its supplier issued it: the supplier's RUC and name, type, series, number, issue date. */
export const voucherOfSupplier = {
  supplierRuc: suppliers.ruc,
  supplierName: suppliers.name,
  type: v.type,
  series: v.series,
  number: v.number,
  issueDate: v.issueDate,
}

/** A voucher to pay as its lists name it: its id, the paying company, and the supplier's voucher. */
export const payableVoucher = {
  id: v.id,
  companyId: v.companyId,
  companyName: companies.name,
  supplierId: v.supplierId,
  ...voucherOfSupplier,
}
