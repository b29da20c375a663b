import type { VoucherDetail } from '@planillas/domain'

/** The part of a voucher a step's form shows (its loader answers no more than that). */
export const stepSummary = (v: VoucherDetail) => ({
  id: v.id,
  type: v.type,
  fullNumber: v.fullNumber,
  supplierName: v.supplierName,
  currency: v.currency,
  totalCents: v.totalCents,
  netCents: v.netCents,
})
