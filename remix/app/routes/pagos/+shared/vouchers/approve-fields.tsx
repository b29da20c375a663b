import {
  detractionBaseCents,
  enumOptions,
  formatCents,
  paymentType,
  solesToCents,
  takesReferenceValue,
  wholeSolesOf,
} from '@planillas/domain'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { SelectField, TextField } from '~/components/form/fields'
import { FormErrors } from '~/components/form/form-layout'
import { buttonClass } from '~/components/ui/button'
import { useHydrated } from '~/utils/use-hydrated'
import { ApprovalSummary, DeclaredDetraction, percent } from './approval-summary'
import type { StepData } from './step-data'
import type { StepFieldset, StepFieldsOf, StepValues } from './step-form'

type ApproveData = Extract<StepData, { step: 'approve' }>
type Proposal = ApproveData['proposal']

/**
 * What 'Aprobar' starts with: the choice the address brings ('Calcular' without JavaScript), else the
 * proposal (the code the XML declared, the table's rate, the retention the rule proposes).
 */
export function approveDefaults({ choice, proposal }: ApproveData): StepValues {
  const tableRate = proposal.detraction?.tableRateBp ?? null
  return {
    paymentType: choice.paymentType ?? '1',
    spotCode: choice.spotCode ?? proposal.detraction?.code ?? '',
    detractionRate: choice.detractionRate ?? (tableRate === null ? '' : percent(tableRate)),
    referenceValue: choice.referenceValue ?? '',
    rateReason: choice.rateReason ?? '',
    retention: choice.retention ?? String(proposal.retention.proposed),
    retentionReason: choice.retentionReason ?? '',
  }
}

/**
 * The percentage and the valor referencial may be left empty, but conform reads their schema (a union
 * behind `.nullish()`) as required.
 */
export const APPROVE_OPTIONAL = ['detractionRate', 'referenceValue']

/**
 * A value the form started with: the default, or what was typed before a refused post (conform
 * leaves an emptied field out of what it gives back: it was typed empty).
 */
const initialOf = (fields: StepFieldset, name: string) => String(fields[name].initialValue ?? '')

/**
 * 'Aprobar': payment type; the detracción by SPOT code, proposing the table's rate and amount (a
 * different percentage asks for its reason); the retención the rule proposes (against it, a reason).
 * With JavaScript the proposal follows the chosen code; without, 'Calcular' reloads the page with it.
 */
export function ApproveFields({ data, fields }: StepFieldsOf & { data: ApproveData }) {
  const hydrated = useHydrated()
  const proposalLoader = useFetcher<StepData>()
  const loaded = proposalLoader.data?.step === 'approve' ? proposalLoader.data.proposal : undefined
  const proposal = loaded ?? data.proposal
  const tableRate = proposal.detraction?.tableRateBp ?? null
  const [spotCode, setSpotCode] = useState(() => initialOf(fields, 'spotCode'))
  const [rate, setRate] = useState(() => initialOf(fields, 'detractionRate'))
  const [retention, setRetention] = useState(() => initialOf(fields, 'retention'))
  const [referenceValue, setReferenceValue] = useState(() => initialOf(fields, 'referenceValue'))
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
      <SelectField
        meta={fields.paymentType}
        label="Tipo de pago"
        required
        options={enumOptions(paymentType)}
      />
      <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Detracción (SPOT)</legend>
        <SelectField
          meta={fields.spotCode}
          label="Código de detracción"
          placeholder="Sin detracción"
          options={proposal.spotCatalogue.map((row) => ({
            value: row.code,
            label: `${row.code} — ${row.description} (${percent(row.rateBp)} %)`,
          }))}
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
        <TextField
          meta={fields.detractionRate}
          label="Porcentaje de detracción (%)"
          help={tableRate === null ? undefined : `Tasa de la tabla: ${percent(tableRate)} %.`}
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          inputMode="decimal"
          maxLength={6}
          autoComplete="off"
        />
        {!hydrated || takesReferenceValue(spotCode) || fields.referenceValue.errors ? (
          <TextField
            meta={fields.referenceValue}
            label="Valor referencial (S/)"
            help="Solo para el código 027 (transporte de bienes por vía terrestre): la detracción se calcula sobre el mayor entre el total y este valor."
            value={referenceValue}
            onChange={(event) => setReferenceValue(event.target.value)}
            inputMode="decimal"
            maxLength={17}
            autoComplete="off"
          />
        ) : null}
        {!hydrated || rateDiffers || fields.rateReason.errors ? (
          <TextField
            meta={fields.rateReason}
            label="Motivo del porcentaje distinto al de la tabla"
            maxLength={255}
            autoComplete="off"
          />
        ) : null}
      </fieldset>
      <RetentionFieldset
        proposal={proposal}
        retention={retention}
        onChange={setRetention}
        askReason={!hydrated || againstRule || Boolean(fields.retentionReason.errors)}
        fields={fields}
      />
      <ApprovalSummary proposal={proposal} detraction={detraction} retentionCents={retentionCents} />
    </>
  )
}

/** The IGV retention: what the rule proposes, the choice, and the reason to go against it. */
function RetentionFieldset({
  proposal,
  retention,
  onChange,
  askReason,
  fields,
}: {
  proposal: Proposal
  retention: string
  onChange: (value: string) => void
  askReason: boolean
  fields: StepFieldset
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
      {fields.retention.errors ? <FormErrors errors={fields.retention.errors} /> : null}
      {askReason ? (
        <TextField
          meta={fields.retentionReason}
          label="Motivo de no seguir la regla de retención"
          maxLength={255}
          autoComplete="off"
        />
      ) : null}
    </fieldset>
  )
}
