import { monthsSoFar, periodLabel } from '@planillas/domain'
import { controlClass, FieldShell } from '~/components/form/fields'

/** Months offered: two years back and the current month. */
const MONTHS = 24

/**
 * The months a retention page offers, newest first, and the one `periodo` asks for; else the current
 * month, or with `lastClosed` the last closed one (the one a contador declares).
 */
export function monthChoice(params: URLSearchParams, { lastClosed = false } = {}) {
  const periods = monthsSoFar(new Date(), MONTHS + 1)
  const asked = params.get('periodo')
  const usual = lastClosed ? periods[periods.length > 1 ? 1 : 0] : periods[0]
  const period = asked && periods.includes(asked) ? asked : usual
  return { periods, period }
}

/** The 'Periodo' choice of a retention page's GET form (`periodo`), or as `label` names it. */
export function MonthField({
  periods,
  period,
  className,
  label = 'Periodo',
}: {
  periods: readonly string[]
  period: string
  className: string
  label?: string
}) {
  return (
    <FieldShell id="periodo" label={label} errorId="periodo-error" className={className}>
      <select id="periodo" name="periodo" defaultValue={period} className={controlClass}>
        {periods.map((p) => (
          <option key={p} value={p}>
            {periodLabel(p)}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
