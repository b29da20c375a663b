import { type DetractionState, detractionState, formatCents, formatDate } from '@planillas/domain'
import type { ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { FormErrors } from '~/components/form/form-layout'
import { Badge, type Tone } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { PageDialogAction, PageDialogCard } from '~/components/ui/page-dialog'
import {
  BACK_PARAM,
  type FormLike,
  StepDate,
  StepInput,
  type StepResult,
  voucherTypeLabel,
} from '~/routes/pagos/+shared/vouchers/voucher-steps'

export const DEPOSIT_LABEL = 'Registrar depósito'

/** The deposit's own page (`/pagos/detracciones/:id/depositar`), also the dialog's form action. */
export const depositHref = (id: number, back?: string) =>
  `/pagos/detracciones/${id}/depositar${back ? `?${new URLSearchParams({ [BACK_PARAM]: back })}` : ''}`

/** What the deposit's loader answers: the voucher's detracción, where to go back, why not (if so). */
export type DepositData = {
  voucher: {
    id: number
    type: string
    fullNumber: string
    supplierName: string
    issueDate: string
    detractionCents: number
  }
  back: string
  today: string
  problem: string | null
}

const STATE_TONES: Record<DetractionState, Tone> = { pendiente: 'amber', depositada: 'green', vencida: 'red' }

export function DetractionStateBadge({ state }: { state: DetractionState }) {
  return <Badge tone={STATE_TONES[state]}>{detractionState[state]}</Badge>
}

export const depositTitle = (fullNumber: string) => `Registrar el depósito de la detracción de ${fullNumber}`

/**
 * 'Registrar depósito' of a voucher's detracción: a link to its own page, so it works without
 * JavaScript; with it, the same form opens as a dialog in place, its data loaded from that page
 * (as the vouchers' steps do).
 */
export function DepositAction({ id }: { id: number }) {
  const location = useLocation()
  return (
    <PageDialogAction<DepositData, StepResult>
      href={depositHref(id, `${location.pathname}${location.search}`)}
      label={DEPOSIT_LABEL}
      className="row-link"
      title={(data) => depositTitle(data.voucher.fullNumber)}
      form={(data, dialog) => <DepositForm data={data} {...dialog} />}
    />
  )
}

/** The constancia and the deposit's date: the same fields on the page (`Form`) and in the dialog. */
export function DepositForm({
  data,
  result,
  FormComponent = Form as FormLike,
  action,
  busy,
  cancel,
}: {
  data: DepositData
  result?: StepResult
  FormComponent?: FormLike
  action?: string
  busy?: boolean
  cancel: ReactNode
}) {
  const errors = result?.errors ?? {}
  const values = result?.values
  const { voucher } = data
  if (data.problem && !result)
    return (
      <div className="mt-4 flex flex-col gap-4">
        <FormErrors errors={[data.problem]} />
        <div className="flex justify-end">{cancel}</div>
      </div>
    )
  return (
    <FormComponent method="post" action={action} noValidate className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {voucherTypeLabel(voucher.type)} {voucher.fullNumber} de {voucher.supplierName}, emitido el{' '}
        {formatDate(voucher.issueDate)}: detracción de {formatCents(voucher.detractionCents)}.
      </p>
      <FormErrors errors={errors['']} />
      <input type="hidden" name={BACK_PARAM} value={data.back} />
      <StepInput
        name="constancia"
        label="Número de constancia"
        required
        inputMode="numeric"
        maxLength={20}
        help="La constancia del depósito en el Banco de la Nación, solo dígitos."
        errors={errors}
        values={values}
      />
      <StepDate
        name="depositedOn"
        label="Fecha del depósito"
        defaultValue={data.today}
        errors={errors}
        values={values}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {DEPOSIT_LABEL}
        </button>
      </div>
    </FormComponent>
  )
}

/** The deposit's own page (without JavaScript, or opened by its address): the dialog's form on a card. */
export function DepositPage({ data, result }: { data: DepositData; result?: StepResult }) {
  return (
    <PageDialogCard
      title={depositTitle(data.voucher.fullNumber)}
      back={data.back}
      form={(cancel) => <DepositForm data={data} result={result} cancel={cancel} />}
    />
  )
}
