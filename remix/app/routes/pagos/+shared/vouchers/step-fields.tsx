import { centsToSoles, formatCents, formatCurrencyCents, OPERATION_NUMBER } from '@planillas/domain'
import {
  DateField,
  FileField,
  PDF_ACCEPT,
  SelectField,
  TextareaField,
  TextField,
} from '~/components/form/fields'
import { ApproveFields, approveDefaults } from './approve-fields'
import type { StepData } from './step-data'
import type { StepFieldsOf, StepValues } from './step-form'

type Of<S extends StepData['step']> = Extract<StepData, { step: S }>

/** What a step's form starts with: the net to pay, today's date, the user's e-mail, the proposal. */
export function stepDefaults(data: StepData): StepValues {
  switch (data.step) {
    case 'pay':
      return { paidAmount: centsToSoles(data.voucher.netCents), paidOn: data.today }
    case 'cancel':
      return { requestDate: data.today, requestedBy: data.email }
    case 'approve':
      return approveDefaults(data)
    default:
      return {}
  }
}

/** The fields of each step's form. */
export function StepFields({ data, ...form }: StepFieldsOf & { data: StepData }) {
  switch (data.step) {
    case 'authorize':
      return <AuthorizeFields data={data} {...form} />
    case 'reject':
      return <RejectFields data={data} {...form} />
    case 'pay':
      return <PayFields data={data} {...form} />
    case 'cancel':
      return <CancelFields {...form} />
    case 'approve':
      return <ApproveFields data={data} {...form} />
  }
}

/** Autorizar: the project type and the period. */
function AuthorizeFields({ data, fields }: StepFieldsOf & { data: Of<'authorize'> }) {
  return (
    <>
      <SelectField
        meta={fields.projectTypeId}
        label="Tipo de proyecto"
        required
        options={data.projectTypes.map((p) => ({ value: String(p.id), label: p.description }))}
      />
      <TextField
        meta={fields.period}
        label="Periodo"
        required
        maxLength={11}
        placeholder="202409-001"
        autoComplete="off"
        help="AAAAMM-NNN, por ejemplo 202409-001."
      />
    </>
  )
}

/** Rechazar: the reason and an observation. */
function RejectFields({ data, fields }: StepFieldsOf & { data: Of<'reject'> }) {
  return (
    <>
      <SelectField
        meta={fields.rejectReasonId}
        label="Motivo de rechazo"
        required
        options={data.reasons.map((r) => ({ value: String(r.id), label: r.description }))}
      />
      <TextareaField meta={fields.note} label="Observación" maxLength={255} />
      <p className="text-sm text-slate-600">
        El número del comprobante seguirá ocupado hasta que se registre una nota de crédito que lo modifique.
      </p>
    </>
  )
}

/** Marcar como pagado: the amount (the net, in the voucher's currency), the date and the bank's operation. */
function PayFields({ data, fields }: StepFieldsOf & { data: Of<'pay'> }) {
  const { voucher } = data
  return (
    <>
      <TextField
        meta={fields.paidAmount}
        label={voucher.currency === 'USD' ? 'Monto pagado (US$)' : 'Monto pagado (S/)'}
        required
        inputMode="decimal"
        maxLength={15}
        autoComplete="off"
        help={
          voucher.currency === 'USD'
            ? `Neto a pagar al aprobar: ${formatCurrencyCents('USD', voucher.netCents)}. La retención se recalcula en soles con el tipo de cambio SBS de la fecha de pago, y con ella el neto en dólares. Sin comas, con punto decimal.`
            : `Neto a pagar: ${formatCents(voucher.netCents)}. Sin comas, con punto decimal.`
        }
      />
      <DateField meta={fields.paidOn} label="Fecha de pago" required />
      <TextField
        meta={fields.paidOperation}
        label="N° de operación"
        maxLength={OPERATION_NUMBER.max}
        autoComplete="off"
        help="El número de operación del banco, si el pago lo tiene (transferencia). Letras, dígitos y guiones."
      />
    </>
  )
}

/** Anular: the request's date, reason, requester and its supporting PDF. */
function CancelFields({ fields }: StepFieldsOf) {
  return (
    <>
      <DateField meta={fields.requestDate} label="Fecha de solicitud" required />
      <TextareaField meta={fields.reason} label="Motivo de anulación" required maxLength={255} />
      <TextField
        meta={fields.requestedBy}
        label="Correo del solicitante"
        type="email"
        required
        maxLength={150}
        autoComplete="off"
      />
      <FileField meta={fields.file} label="Sustento (.pdf, hasta 10 MB)" required accept={PDF_ACCEPT} />
    </>
  )
}
