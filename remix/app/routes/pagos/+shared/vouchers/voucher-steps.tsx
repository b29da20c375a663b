import {
  formatCurrencyCents,
  mayApprove,
  VOUCHER_ACTIONS,
  type VoucherAction,
  voucherStatus,
  voucherType,
} from '@planillas/domain'
import { useLocation } from 'react-router'
import { Badge, type Tone } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { PageDialogAction, PageDialogCard } from '~/components/ui/page-dialog'
import { APPROVE_OPTIONAL } from './approve-fields'
import { BACK_PARAM, STEP_SCHEMAS, type StepData } from './step-data'
import { StepFields, stepDefaults } from './step-fields'
import { StepFormFrame, type StepFormProps, type StepResult } from './step-form'

/** Each step's own page (`/pagos/:id/aprobar`), which is also the dialog's form action. */
export const STEP_SLUGS: Record<VoucherAction, string> = {
  authorize: 'autorizar',
  approve: 'aprobar',
  pay: 'pagar',
  reject: 'rechazar',
  cancel: 'anular',
}

export const stepHref = (id: number, step: VoucherAction, back?: string, extra?: Record<string, string>) => {
  const query = new URLSearchParams({ ...(back ? { [BACK_PARAM]: back } : {}), ...extra }).toString()
  return `/pagos/${id}/${STEP_SLUGS[step]}${query ? `?${query}` : ''}`
}

const STATUS_TONES: Record<number, Tone> = {
  1: 'slate',
  2: 'blue',
  3: 'amber',
  4: 'green',
  5: 'red',
  6: 'red',
}

export function VoucherStatusBadge({ status }: { status: number }) {
  const label = voucherStatus[status as keyof typeof voucherStatus]?.label ?? '---'
  return <Badge tone={STATUS_TONES[status] ?? 'slate'}>{label}</Badge>
}

export const voucherTypeLabel = (type: string) => voucherType[type as keyof typeof voucherType] ?? type

/**
 * The steps a user may take on a voucher: those its state allows and their roles grant, without
 * 'Aprobar' on a voucher they registered themselves (separation of duties: someone else approves).
 */
export const stepsFor = (
  voucher: { actions: VoucherAction[]; createdBy: string | null },
  user: { email: string; roles: readonly string[] },
) =>
  voucher.actions.filter(
    (step) =>
      user.roles.includes(VOUCHER_ACTIONS[step].permission) &&
      (step !== 'approve' || mayApprove(voucher.createdBy ?? '', user.email)),
  )

export const stepTitle = (step: VoucherAction, fullNumber: string) =>
  `${VOUCHER_ACTIONS[step].label} el comprobante ${fullNumber}`

/**
 * A step of a voucher ('Autorizar', 'Aprobar'…): a link to the step's own page, so it works without
 * JavaScript; with it, the same form opens as a dialog in place, its data loaded from that page.
 */
export function VoucherStepAction({
  voucher,
  step,
  variant = 'link',
}: {
  voucher: { id: number }
  step: VoucherAction
  variant?: 'link' | 'button'
}) {
  const location = useLocation()
  return (
    <PageDialogAction<StepData, StepResult>
      href={stepHref(voucher.id, step, `${location.pathname}${location.search}`)}
      label={VOUCHER_ACTIONS[step].label}
      className={
        variant === 'button'
          ? buttonClass(step === 'reject' || step === 'cancel' ? 'danger' : 'primary')
          : 'row-link'
      }
      accept={(data) => data.step === step}
      title={(data) => stepTitle(step, data.voucher.fullNumber)}
      form={(data, dialog) => <StepForm data={data} {...dialog} />}
    />
  )
}

/** A step's form: the same fields on its page (`Form`) and in its dialog (`fetcher.Form`). */
export function StepForm({ data, ...form }: StepFormProps<StepData>) {
  const { voucher, step } = data
  return (
    <StepFormFrame
      schema={STEP_SCHEMAS[step]}
      defaultValue={stepDefaults(data)}
      optional={step === 'approve' ? APPROVE_OPTIONAL : undefined}
      encType={step === 'cancel' ? 'multipart/form-data' : undefined}
      submit={{
        label: VOUCHER_ACTIONS[step].label,
        variant: step === 'reject' || step === 'cancel' ? 'danger' : 'primary',
      }}
      {...form}
      data={data}
      summary={
        <>
          {voucherTypeLabel(voucher.type)} {voucher.fullNumber} de {voucher.supplierName}, total{' '}
          {formatCurrencyCents(voucher.currency, voucher.totalCents)}.
        </>
      }
    >
      {(conform) => <StepFields data={data} {...conform} />}
    </StepFormFrame>
  )
}

/** A step's own page (without JavaScript, or opened by its address): the dialog's form on a card. */
export function StepPage({ data, result }: { data: StepData; result?: StepResult }) {
  return (
    <PageDialogCard
      title={stepTitle(data.step, data.voucher.fullNumber)}
      back={data.back}
      form={(cancel) => <StepForm data={data} result={result} cancel={cancel} />}
    />
  )
}

/**
 * A step's loader is not asked again after a form is posted: after the step itself the voucher has
 * moved on (its dialog's data would answer 'no longer possible'), and after a refusal nothing it
 * loaded changed. A new address ('Calcular', another SPOT code) loads it as usual.
 */
export const stepShouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string
  defaultShouldRevalidate: boolean
}) => (formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate)
