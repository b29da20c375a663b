import type { ContractPreview } from '@planillas/domain'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'

export type PreviewValues = {
  employeeId: string
  contractType: string
  startDate: string
  baseSalary: string
  familyAllowance: boolean
  renewsContractId: string
}

/**
 * With JavaScript: asks the server (a moment after the user stops typing) for what depends on the
 * database as the form changes: the employee's document and name, their current contract (the
 * alert) and the five-year warning. End date and pay are computed in the browser meanwhile.
 */
export function useContractPreview(values: PreviewValues, contractId: number | null, enabled: boolean) {
  // Keyed by the contract: right after a new contract is saved, the create form's preview is asked
  // again (fetchers reload after an action) and then says the employee has a current contract: the
  // new one. The edit page must not show that answer about the contract itself.
  const fetcher = useFetcher<ContractPreview | null>({ key: `contract-preview-${contractId ?? 'new'}` })
  const key = JSON.stringify(values)
  // biome-ignore lint/correctness/useExhaustiveDependencies: ask again only when the values change
  useEffect(() => {
    if (!enabled) return
    const query = new URLSearchParams({ ...values, familyAllowance: String(values.familyAllowance) })
    if (contractId) query.set('contractId', String(contractId))
    // A GET (fetcher.load): a submission would make Remix reload the form's loader every time.
    const timer = setTimeout(() => fetcher.load(`/contratos/vista-previa?${query}`), 300)
    return () => clearTimeout(timer)
  }, [key, enabled])
  return fetcher.data ?? undefined
}
