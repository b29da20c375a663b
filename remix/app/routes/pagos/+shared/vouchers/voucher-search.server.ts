import type { Option } from '@planillas/domain'
import { type SupplierOption, type VoucherRow, voucherStatus } from '@planillas/domain'
import { call } from '~/api.server'
import { matchingOptions } from '~/components/list/filter-model'

export const supplierOption = (s: Pick<SupplierOption, 'id' | 'ruc' | 'name'>): Option => ({
  value: String(s.id),
  label: `${s.ruc} — ${s.name}`,
})

/** Active suppliers whose RUC or name holds every word typed (accents and case ignored). */
export async function searchSuppliers(request: Request, search: string, limit = 20): Promise<Option[]> {
  if (!search.trim()) return []
  const suppliers = await call(request, 'GET /suppliers')
  return matchingOptions(suppliers.map(supplierOption), search).slice(0, limit)
}

export const creditedOption = (
  v: Pick<VoucherRow, 'id' | 'fullNumber' | 'supplierName' | 'status'>,
): Option => ({
  value: String(v.id),
  label: `${v.fullNumber} — ${v.supplierName} (${voucherStatus[v.status as keyof typeof voucherStatus]?.label ?? ''})`,
})

/** Vouchers a nota de crédito may modify (any but another nota de crédito), by number, RUC or name. */
export async function searchCreditable(request: Request, search: string): Promise<Option[]> {
  if (!search.trim()) return []
  const page = await call(request, 'POST /payments/list', {
    body: { search: search.trim() },
    query: { page: 0, size: 20, sort: 'issueDate,desc' },
  })
  return page.content.filter((v) => v.type !== '07').map(creditedOption)
}
