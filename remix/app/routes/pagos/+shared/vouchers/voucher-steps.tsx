import {
  type ApprovalProposal,
  type CatalogOption,
  centsToSoles,
  dayMonthYear,
  detractionBaseCents,
  enumOptions,
  foreignNetCents,
  formatCents,
  formatCurrencyCents,
  formatDate,
  formatRate,
  mayApprove,
  netCents,
  OPERATION_NUMBER,
  paymentType,
  solesToCents,
  takesReferenceValue,
  VOUCHER_ACTIONS,
  type VoucherAction,
  type VoucherDetail,
  voucherStatus,
  voucherType,
  wholeSolesOf,
} from '@planillas/domain'
import { type ReactNode, useEffect, useState } from 'react'
import { Form, useFetcher, useLocation } from 'react-router'
import { controlClass, DATE_FIELDS_KEY, FieldShell } from '~/components/form/fields'
import { FormErrors } from '~/components/form/form-layout'
import { Badge, type Tone } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { type FormLike, type FormResult, PageDialogAction, PageDialogCard } from '~/components/ui/page-dialog'
import { useHydrated } from '~/utils/use-hydrated'
import { declaredDetractionText } from './declared-terms'

/** Where a step's page and dialog go back to after it (the list as it was, or the details). */
export const BACK_PARAM = 'volver'

/** Each step's own page (`/pagos/:id/aprobar`), which is also the dialog's form action. */
export const STEP_SLUGS: Record<VoucherAction, string> = {
  authorize: 'autorizar',
  approve: 'aprobar',
  pay: 'pagar',
  reject: 'rechazar',
  cancel: 'anular',
}
export const stepSlug = (step: VoucherAction) => STEP_SLUGS[step]

export const stepHref = (id: number, step: VoucherAction, back?: string, extra?: Record<string, string>) => {
  const query = new URLSearchParams({ ...(back ? { [BACK_PARAM]: back } : {}), ...extra }).toString()
  return `/pagos/${id}/${STEP_SLUGS[step]}${query ? `?${query}` : ''}`
}

/** What a refused step answers: the messages by field ('' above the form) and what was typed. */
export type StepResult = FormResult & { step: string }

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

export type { FormLike }

/** What a step's form is given, on its page (`Form`) or in its dialog (`fetcher.Form`). */
export type StepFormProps<D> = {
  data: D
  result?: StepResult
  FormComponent?: FormLike
  action?: string
  busy?: boolean
  cancel: ReactNode
}

/** A step form's messages by field and what was typed, for its fields to show again. */
type StepFields = { errors: Record<string, string[]>; values?: Record<string, string> }

/**
 * The frame of a voucher's step form (a step, a detracción's deposit): opened for a voucher that has
 * moved on (`data.problem`: another tab, someone else), why and no form; else the form with the
 * voucher (`summary`), the errors not of a field, the way back, its fields (`children`, given a
 * refused post's messages and values) and its button.
 */
export function StepFormFrame({
  data: { problem, back },
  result,
  FormComponent = Form as FormLike,
  action,
  busy,
  cancel,
  encType,
  summary,
  submit,
  children,
}: StepFormProps<{ problem: string | null; back: string }> & {
  encType?: 'multipart/form-data'
  summary: ReactNode
  submit: { label: string; variant: 'primary' | 'danger' }
  children: (fields: StepFields) => ReactNode
}) {
  if (problem && !result)
    return (
      <div className="mt-4 flex flex-col gap-4">
        <FormErrors errors={[problem]} />
        <div className="flex justify-end">{cancel}</div>
      </div>
    )
  const fields = { errors: result?.errors ?? {}, values: result?.values }
  return (
    <FormComponent
      method="post"
      action={action}
      noValidate
      encType={encType}
      className="mt-4 flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">{summary}</p>
      <FormErrors errors={fields.errors['']} />
      <input type="hidden" name={BACK_PARAM} value={back} />
      {children(fields)}
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <button type="submit" className={buttonClass(submit.variant)} disabled={busy}>
          {submit.label}
        </button>
      </div>
    </FormComponent>
  )
}

/** A step's form: the same fields on its page (`Form`) and in its dialog (`fetcher.Form`). */
export function StepForm({ data, ...form }: StepFormProps<StepData>) {
  const { voucher, step } = data
  return (
    <StepFormFrame
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
      {(fields) => (
        <>
          {data.step === 'authorize' ? <AuthorizeFields data={data} {...fields} /> : null}
          {data.step === 'reject' ? <RejectFields data={data} {...fields} /> : null}
          {data.step === 'pay' ? <PayFields data={data} {...fields} /> : null}
          {data.step === 'cancel' ? <CancelFields data={data} {...fields} /> : null}
          {data.step === 'approve' ? <ApproveFields data={data} {...fields} /> : null}
        </>
      )}
    </StepFormFrame>
  )
}

/** Autorizar: the project type and the period. */
function AuthorizeFields({
  data,
  errors,
  values,
}: {
  data: Extract<StepData, { step: 'authorize' }>
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  return (
    <>
      <StepSelect
        name="projectTypeId"
        label="Tipo de proyecto"
        required
        options={data.projectTypes.map((p) => ({ value: String(p.id), label: p.description }))}
        errors={errors}
        values={values}
      />
      <StepInput
        name="period"
        label="Periodo"
        required
        maxLength={11}
        placeholder="202409-001"
        help="AAAAMM-NNN, por ejemplo 202409-001."
        errors={errors}
        values={values}
      />
    </>
  )
}

/** Rechazar: the reason and an observation. */
function RejectFields({
  data,
  errors,
  values,
}: {
  data: Extract<StepData, { step: 'reject' }>
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  return (
    <>
      <StepSelect
        name="rejectReasonId"
        label="Motivo de rechazo"
        required
        options={data.reasons.map((r) => ({ value: String(r.id), label: r.description }))}
        errors={errors}
        values={values}
      />
      <StepTextarea name="note" label="Observación" maxLength={255} errors={errors} values={values} />
      <p className="text-sm text-slate-600">
        El número del comprobante seguirá ocupado hasta que se registre una nota de crédito que lo modifique.
      </p>
    </>
  )
}

/** Marcar como pagado: the amount (the net, in the voucher's currency), the date and the bank's operation. */
function PayFields({
  data,
  errors,
  values,
}: {
  data: Extract<StepData, { step: 'pay' }>
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  const { voucher } = data
  return (
    <>
      <StepInput
        name="paidAmount"
        label={voucher.currency === 'USD' ? 'Monto pagado (US$)' : 'Monto pagado (S/)'}
        required
        inputMode="decimal"
        maxLength={15}
        defaultValue={centsToSoles(voucher.netCents)}
        help={
          voucher.currency === 'USD'
            ? `Neto a pagar al aprobar: ${formatCurrencyCents('USD', voucher.netCents)}. La retención se recalcula en soles con el tipo de cambio SBS de la fecha de pago, y con ella el neto en dólares. Sin comas, con punto decimal.`
            : `Neto a pagar: ${formatCents(voucher.netCents)}. Sin comas, con punto decimal.`
        }
        errors={errors}
        values={values}
      />
      <StepDate
        name="paidOn"
        label="Fecha de pago"
        defaultValue={data.today}
        errors={errors}
        values={values}
      />
      <StepInput
        name="paidOperation"
        label="N° de operación"
        maxLength={OPERATION_NUMBER.max}
        help="El número de operación del banco, si el pago lo tiene (transferencia). Letras, dígitos y guiones."
        errors={errors}
        values={values}
      />
    </>
  )
}

/** Anular: the request's date, reason, requester and its supporting PDF. */
function CancelFields({
  data,
  errors,
  values,
}: {
  data: Extract<StepData, { step: 'cancel' }>
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  // Without JavaScript a refused form comes back from the server without its file.
  const hydrated = useHydrated()
  return (
    <>
      <StepDate
        name="requestDate"
        label="Fecha de solicitud"
        defaultValue={data.today}
        errors={errors}
        values={values}
      />
      <StepTextarea
        name="reason"
        label="Motivo de anulación"
        required
        maxLength={255}
        errors={errors}
        values={values}
      />
      <StepInput
        name="requestedBy"
        label="Correo del solicitante"
        type="email"
        required
        maxLength={150}
        defaultValue={data.email}
        errors={errors}
        values={values}
      />
      <FieldShell
        id="step-file"
        label="Sustento (.pdf, hasta 10 MB)"
        required
        errors={errors.file}
        errorId="step-file-error"
        help={values && !hydrated ? 'Vuelva a elegir el archivo.' : undefined}
      >
        <input
          id="step-file"
          name="file"
          type="file"
          accept=".pdf,application/pdf"
          aria-invalid={errors.file?.length ? true : undefined}
          aria-describedby={errors.file?.length ? 'step-file-error' : undefined}
          className="text-sm"
        />
      </FieldShell>
    </>
  )
}

type FieldProps = {
  name: string
  label: string
  required?: boolean
  help?: ReactNode
  errors: Record<string, string[]>
  values?: Record<string, string>
}

const fieldAria = (id: string, errors?: string[]) => ({
  'aria-invalid': errors?.length ? true : undefined,
  'aria-describedby': errors?.length ? `${id}-error` : undefined,
})

export function StepInput({
  name,
  label,
  required,
  help,
  errors,
  values,
  defaultValue = '',
  ...input
}: FieldProps & {
  type?: 'text' | 'email'
  maxLength?: number
  placeholder?: string
  inputMode?: 'decimal' | 'numeric'
  defaultValue?: string
}) {
  const id = `step-${name}`
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      help={help}
      errors={errors[name]}
      errorId={`${id}-error`}
    >
      <input
        id={id}
        name={name}
        defaultValue={values?.[name] ?? defaultValue}
        autoComplete="off"
        className={controlClass}
        {...fieldAria(id, errors[name])}
        {...input}
      />
    </FieldShell>
  )
}

export function StepDate({
  name,
  label,
  errors,
  values,
  defaultValue,
}: FieldProps & { defaultValue: string }) {
  const id = `step-${name}`
  return (
    <FieldShell
      id={id}
      label={label}
      required
      help="DD/MM/AAAA"
      errors={errors[name]}
      errorId={`${id}-error`}
    >
      <input
        id={id}
        name={name}
        defaultValue={values?.[name] ?? dayMonthYear(defaultValue)}
        inputMode="numeric"
        placeholder="DD/MM/AAAA"
        maxLength={10}
        autoComplete="off"
        className={controlClass}
        {...fieldAria(id, errors[name])}
      />
      <input type="hidden" name={DATE_FIELDS_KEY} value={name} />
    </FieldShell>
  )
}

function StepTextarea({
  name,
  label,
  required,
  errors,
  values,
  maxLength,
}: FieldProps & { maxLength: number }) {
  const id = `step-${name}`
  return (
    <FieldShell id={id} label={label} required={required} errors={errors[name]} errorId={`${id}-error`}>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={maxLength}
        defaultValue={values?.[name] ?? ''}
        className={controlClass}
        {...fieldAria(id, errors[name])}
      />
    </FieldShell>
  )
}

function StepSelect({
  name,
  label,
  required,
  options,
  errors,
  values,
  defaultValue = '',
  placeholder = 'Seleccione',
  onChange,
}: FieldProps & {
  options: { value: string; label: string }[]
  defaultValue?: string
  placeholder?: string
  onChange?: (value: string) => void
}) {
  const id = `step-${name}`
  return (
    <FieldShell id={id} label={label} required={required} errors={errors[name]} errorId={`${id}-error`}>
      <select
        id={id}
        name={name}
        defaultValue={values?.[name] ?? defaultValue}
        className={controlClass}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        {...fieldAria(id, errors[name])}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** '12 %' from basis points; the form's percentage as typed ('12', '1.5'). */
const percent = (bp: number) => `${bp / 100}`

/**
 * 'Aprobar': payment type; the detracción by SPOT code, proposing the table's rate and amount (a
 * different percentage asks for its reason); the retención the rule proposes (against it, a reason).
 * With JavaScript the proposal follows the chosen code; without, 'Calcular' reloads the page with it.
 */
function ApproveFields({
  data,
  errors,
  values,
}: {
  data: Extract<StepData, { step: 'approve' }>
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  const hydrated = useHydrated()
  const proposalLoader = useFetcher<StepData>()
  const loaded = proposalLoader.data?.step === 'approve' ? proposalLoader.data.proposal : undefined
  const proposal = loaded ?? data.proposal
  const choice = { ...data.choice, ...values }
  const tableRate = proposal.detraction?.tableRateBp ?? null
  const [spotCode, setSpotCode] = useState(choice.spotCode ?? proposal.detraction?.code ?? '')
  const [rate, setRate] = useState(choice.detractionRate ?? (tableRate === null ? '' : percent(tableRate)))
  const [retention, setRetention] = useState(choice.retention ?? String(proposal.retention.proposed))
  const [referenceValue, setReferenceValue] = useState(choice.referenceValue ?? '')
  // A new code's proposal brings the table's rate into the field.
  useEffect(() => {
    if (loaded) setRate(loaded.detraction?.tableRateBp == null ? '' : percent(loaded.detraction.tableRateBp))
  }, [loaded])
  const applies = Boolean(spotCode && proposal.detraction?.applies && proposal.detraction.code === spotCode)
  const rateBp = Math.round(Number(rate) * 100)
  const rateDiffers = applies && tableRate !== null && rate !== '' && rateBp !== tableRate
  // A dollar voucher's detracción is on its total in soles at the issue date's rate.
  const fx = proposal.exchange
  const totalSoles = fx ? (fx.totalSolesCents ?? 0) : proposal.totalCents
  // 027: the rate applies to the greater of the total and the valor referencial typed.
  const base = detractionBaseCents(spotCode, totalSoles, solesToCents(referenceValue.trim()))
  const detraction = applies && rateBp > 0 && rateBp <= 10_000 ? wholeSolesOf(base, rateBp) : 0
  const againstRule = retention !== String(proposal.retention.proposed)
  const retentionCents = retention === 'true' ? proposal.retention.amountCents : 0
  const id = data.voucher.id
  return (
    <>
      <StepSelect
        name="paymentType"
        label="Tipo de pago"
        required
        options={enumOptions(paymentType)}
        defaultValue={choice.paymentType ?? '1'}
        errors={errors}
        values={values}
      />
      <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Detracción (SPOT)</legend>
        <StepSelect
          name="spotCode"
          label="Código de detracción"
          placeholder="Sin detracción"
          options={proposal.spotCatalogue.map((row) => ({
            value: row.code,
            label: `${row.code} — ${row.description} (${percent(row.rateBp)} %)`,
          }))}
          defaultValue={spotCode}
          errors={errors}
          values={values}
          onChange={(code) => {
            setSpotCode(code)
            // Always sent, '' too: 'Sin detracción' is a choice, not the XML's code.
            proposalLoader.load(`/pagos/${id}/aprobar?spotCode=${code}`)
          }}
        />
        {hydrated ? null : (
          <button
            type="submit"
            formMethod="get"
            formNoValidate
            className={buttonClass('secondary', 'self-start')}
          >
            Calcular
          </button>
        )}
        {fx?.problem ? (
          <p className="text-sm text-amber-900" role="status">
            {fx.problem}
          </p>
        ) : null}
        <DeclaredDetraction proposal={proposal} />
        {spotCode && proposal.detraction?.code === spotCode && !proposal.detraction.applies ? (
          <p className="text-sm text-slate-600" role="status">
            El total no supera el mínimo del código ({formatCents(proposal.detraction.minimumCents ?? 0)}): se
            aprueba sin detracción.
          </p>
        ) : null}
        {spotCode && !proposal.supplierHasDetractionAccount ? (
          <p className="text-sm text-amber-900" role="status">
            El proveedor no tiene cuenta de detracciones (Banco de la Nación) registrada.
          </p>
        ) : null}
        <StepDecimal
          name="detractionRate"
          label="Porcentaje de detracción (%)"
          help={tableRate === null ? undefined : `Tasa de la tabla: ${percent(tableRate)} %.`}
          value={rate}
          onChange={setRate}
          maxLength={6}
          errors={errors}
        />
        {!hydrated || takesReferenceValue(spotCode) || errors.referenceValue ? (
          <StepDecimal
            name="referenceValue"
            label="Valor referencial (S/)"
            help="Solo para el código 027 (transporte de bienes por vía terrestre): la detracción se calcula sobre el mayor entre el total y este valor."
            value={referenceValue}
            onChange={setReferenceValue}
            maxLength={17}
            errors={errors}
          />
        ) : null}
        {!hydrated || rateDiffers || errors.rateReason ? (
          <StepInput
            name="rateReason"
            label="Motivo del porcentaje distinto al de la tabla"
            maxLength={255}
            errors={errors}
            values={values}
          />
        ) : null}
      </fieldset>
      <RetentionFieldset
        proposal={proposal}
        retention={retention}
        onChange={setRetention}
        askReason={!hydrated || againstRule || Boolean(errors.retentionReason)}
        errors={errors}
        values={values}
      />
      <ApprovalSummary proposal={proposal} detraction={detraction} retentionCents={retentionCents} />
    </>
  )
}

type Proposal = Extract<StepData, { step: 'approve' }>['proposal']

/**
 * What the supplier's XML declared beside what the dated SPOT table gives for the code chosen, and
 * where they differ (the table decides; the XML is what the supplier wrote).
 */
function DeclaredDetraction({ proposal }: { proposal: Proposal }) {
  const declared = proposal.declared?.detraction
  if (!declared && !proposal.declaredWarnings.length) return null
  const d = proposal.detraction
  return (
    <section
      className="flex flex-col gap-1 rounded bg-slate-50 px-3 py-2 text-sm"
      aria-label="Detracción del XML"
    >
      {declared ? (
        <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Declarada en el XML</dt>
          <dd>
            {declaredDetractionText(declared)}
            {declared.account ? `; cuenta del Banco de la Nación ${declared.account}` : ''}
          </dd>
          <dt className="text-slate-600">Tabla SPOT al {formatDate(proposal.ratesDate)}</dt>
          <dd>
            {d?.applies
              ? `Código ${d.code}, ${percent(d.tableRateBp ?? 0)} %, ${formatCents(d.amountCents)}`
              : d
                ? `Código ${d.code}: no supera el mínimo`
                : 'Sin detracción'}
          </dd>
        </dl>
      ) : null}
      {proposal.declaredWarnings.map((warning) => (
        <p key={warning} className="text-amber-900" role="status">
          {warning}
        </p>
      ))}
    </section>
  )
}

/** The IGV retention: what the rule proposes, the choice, and the reason to go against it. */
function RetentionFieldset({
  proposal,
  retention,
  onChange,
  askReason,
  errors,
  values,
}: {
  proposal: Proposal
  retention: string
  onChange: (value: string) => void
  askReason: boolean
  errors: Record<string, string[]>
  values?: Record<string, string>
}) {
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">Retención del IGV</legend>
      <p className="text-sm text-slate-600">
        {proposal.retention.proposed
          ? `La regla propone retener ${formatCents(proposal.retention.amountCents)}.`
          : `La regla no propone retención. ${proposal.retention.exclusion ?? ''}.`}
      </p>
      <div className="flex gap-4" role="radiogroup" aria-label="Retener">
        {[
          { value: 'true', label: 'Retener' },
          { value: 'false', label: 'No retener' },
        ].map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="retention"
              value={o.value}
              checked={retention === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {errors.retention ? <FormErrors errors={errors.retention} /> : null}
      {askReason ? (
        <StepInput
          name="retentionReason"
          label="Motivo de no seguir la regla de retención"
          maxLength={255}
          errors={errors}
          values={values}
        />
      ) : null}
    </fieldset>
  )
}

/** The approval's figures as chosen: total (and in soles), detracción, retentions and the net. */
function ApprovalSummary({
  proposal,
  detraction,
  retentionCents,
}: {
  proposal: Proposal
  detraction: number
  retentionCents: number
}) {
  const fx = proposal.exchange
  return (
    <dl
      className="grid grid-cols-2 gap-x-3 gap-y-1 rounded bg-slate-50 px-3 py-2 text-sm"
      aria-label="Resumen"
    >
      <dt className="text-slate-600">Total</dt>
      <dd className="text-right">{formatCurrencyCents(proposal.currency, proposal.totalCents)}</dd>
      {fx && fx.detractionRateMilli !== null ? (
        <>
          <dt className="text-slate-600">
            Total en soles (T.C. {formatRate(fx.detractionRateMilli)} del {formatDate(fx.detractionRateDay)})
          </dt>
          <dd className="text-right">{formatCents(fx.totalSolesCents)}</dd>
        </>
      ) : null}
      {fx && fx.retentionRateMilli !== null && fx.retentionRateDay ? (
        <>
          <dt className="text-slate-600">T.C. de la retención (se recalcula al pagar)</dt>
          <dd className="text-right">
            {formatRate(fx.retentionRateMilli)} del {formatDate(fx.retentionRateDay)}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600">Detracción</dt>
      <dd className="text-right">{formatCents(detraction)}</dd>
      <dt className="text-slate-600">Retención</dt>
      <dd className="text-right">{formatCents(retentionCents)}</dd>
      {proposal.fourthCategory ? (
        <>
          <dt className="text-slate-600">Retención de cuarta categoría</dt>
          <dd className="text-right">{formatCents(proposal.fourthCategory.amountCents)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Neto a pagar</dt>
      <dd className="text-right font-semibold">
        {fx
          ? formatCurrencyCents(
              proposal.currency,
              foreignNetCents(
                proposal.totalCents,
                detraction,
                fx.detractionRateMilli,
                retentionCents,
                fx.retentionRateMilli,
              ),
            )
          : formatCents(
              netCents(
                proposal.totalCents,
                detraction,
                retentionCents,
                proposal.fourthCategory?.amountCents ?? 0,
              ),
            )}
      </dd>
    </dl>
  )
}

/** A decimal the dialog recomputes from as it is typed (a percentage, an amount in soles). */
function StepDecimal({
  name,
  label,
  help,
  value,
  onChange,
  maxLength,
  errors,
}: {
  name: string
  label: string
  help?: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  errors: Record<string, string[]>
}) {
  const id = `step-${name}`
  return (
    <FieldShell id={id} label={label} help={help} errors={errors[name]} errorId={`${id}-error`}>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="decimal"
        maxLength={maxLength}
        autoComplete="off"
        className={controlClass}
        {...fieldAria(id, errors[name])}
      />
    </FieldShell>
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
