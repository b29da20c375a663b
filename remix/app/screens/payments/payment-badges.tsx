import { paymentBatchStatus, paymentIssueKind } from '@planillas/domain'
import { Badge, type Tone } from '~/components/ui/badge'

const STATUS_TONES: Record<number, Tone> = { 1: 'slate', 2: 'blue', 3: 'green', 4: 'amber', 5: 'red' }

/** A payments batch's state; while it runs, with its progress. */
export function PaymentStatusBadge({ status, progress }: { status: number; progress?: number }) {
  const label = paymentBatchStatus[status as keyof typeof paymentBatchStatus]?.label ?? '---'
  return (
    <Badge tone={STATUS_TONES[status] ?? 'slate'}>
      {label}
      {status === 2 && progress !== undefined ? ` ${progress} %` : ''}
    </Badge>
  )
}

export function IssueKindBadge({ kind }: { kind: number }) {
  return (
    <Badge tone={kind === 2 ? 'red' : 'amber'}>
      {paymentIssueKind[kind as keyof typeof paymentIssueKind]?.label ?? '---'}
    </Badge>
  )
}
