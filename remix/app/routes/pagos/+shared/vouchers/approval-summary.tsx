import {
  foreignNetCents,
  formatCents,
  formatCurrencyCents,
  formatDate,
  formatRate,
  netCents,
} from '@planillas/domain'
import { declaredDetractionText } from './declared-terms'
import type { StepData } from './step-data'

/** What the approval proposes for the voucher (the dialog's fields are in approve-fields.tsx). */
type Proposal = Extract<StepData, { step: 'approve' }>['proposal']

/** '12 %' from basis points; the form's percentage as typed ('12', '1.5'). */
export const percent = (bp: number) => `${bp / 100}`

/**
 * What the supplier's XML declared beside what the dated SPOT table gives for the code chosen, and
 * where they differ (the table decides; the XML is what the supplier wrote).
 */
export function DeclaredDetraction({ proposal }: { proposal: Proposal }) {
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

/** The approval's figures as chosen: total (and in soles), detracción, retentions and the net. */
export function ApprovalSummary({
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
