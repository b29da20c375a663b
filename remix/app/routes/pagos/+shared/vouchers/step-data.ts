import type { ApprovalProposal, CatalogOption, VoucherDetail } from '@planillas/domain'

type VoucherSummary = Pick<
  VoucherDetail,
  'id' | 'fullNumber' | 'supplierName' | 'currency' | 'totalCents' | 'netCents'
> & {
  type: string
}

/** What every step's loader answers: the voucher, where to go back, and why the step is no longer possible. */
type StepBase = { voucher: VoucherSummary; back: string; problem: string | null }

/** What each step's loader answers (its page and its dialog show the same form). */
export type StepData = StepBase &
  (
    | { step: 'authorize'; projectTypes: CatalogOption[] }
    | { step: 'reject'; reasons: CatalogOption[] }
    | { step: 'pay'; today: string }
    | { step: 'cancel'; today: string; email: string }
    | { step: 'approve'; proposal: ApprovalProposal; choice: Record<string, string> }
  )
