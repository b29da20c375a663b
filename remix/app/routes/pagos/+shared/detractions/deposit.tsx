import {
  DetractionDepositSchema,
  type DetractionState,
  detractionState,
  formatCents,
  formatDate,
} from '@planillas/domain'
import { useLocation } from 'react-router'
import { DateField, TextField } from '~/components/form/fields'
import { Badge, type Tone } from '~/components/ui/badge'
import { PageDialogAction, PageDialogCard } from '~/components/ui/page-dialog'
import { BACK_PARAM } from '~/routes/pagos/+shared/vouchers/step-data'
import { StepFormFrame, type StepFormProps, type StepResult } from '~/routes/pagos/+shared/vouchers/step-form'
import { voucherTypeLabel } from '~/routes/pagos/+shared/vouchers/voucher-steps'

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
export function DepositForm({ data, ...form }: StepFormProps<DepositData>) {
  const { voucher } = data
  return (
    <StepFormFrame
      schema={DetractionDepositSchema}
      defaultValue={{ depositedOn: data.today }}
      {...form}
      data={data}
      summary={
        <>
          {voucherTypeLabel(voucher.type)} {voucher.fullNumber} de {voucher.supplierName}, emitido el{' '}
          {formatDate(voucher.issueDate)}: detracción de {formatCents(voucher.detractionCents)}.
        </>
      }
      submit={{ label: DEPOSIT_LABEL, variant: 'primary' }}
    >
      {({ fields }) => (
        <>
          <TextField
            meta={fields.constancia}
            label="Número de constancia"
            required
            inputMode="numeric"
            maxLength={20}
            autoComplete="off"
            help="La constancia del depósito en el Banco de la Nación, solo dígitos."
          />
          <DateField meta={fields.depositedOn} label="Fecha del depósito" required />
        </>
      )}
    </StepFormFrame>
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
