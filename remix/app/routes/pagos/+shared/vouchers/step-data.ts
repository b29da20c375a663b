import {
  type ApprovalProposal,
  ApproveSchema,
  AuthorizeSchema,
  CancelSchema,
  type CatalogOption,
  PaySchema,
  RejectSchema,
  type VoucherAction,
  type VoucherDetail,
} from '@planillas/domain'
import type { z } from 'zod'

/** Where a step's page and dialog go back to after it (the list as it was, or the details). */
export const BACK_PARAM = 'volver'

/** The shared schema of each step (the API's own): it checks the form in the browser and in the action. */
export const STEP_SCHEMAS: Record<VoucherAction, z.ZodType> = {
  authorize: AuthorizeSchema,
  approve: ApproveSchema,
  pay: PaySchema,
  reject: RejectSchema,
  cancel: CancelSchema,
}

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
