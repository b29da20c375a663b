import { monthsSoFar, periodLabel } from '@planillas/domain'
import { controlClass, FieldShell } from '~/components/form/fields'

/** Months offered: two years back and the current month (the one chosen unless `periodo` asks another). */
const MONTHS = 24

/** The months a retention page offers, newest first, and the one `periodo` asks for (else the current). */
export function monthChoice(params: URLSearchParams) {
  const periods = monthsSoFar(new Date(), MONTHS + 1)
  const asked = params.get('periodo')
  const period = asked && periods.includes(asked) ? asked : periods[0]
  return { periods, period }
}

/** The 'Periodo' choice of a retention page's GET form (`periodo`). */
export function MonthField({
  periods,
  period,
  className,
}: {
  periods: readonly string[]
  period: string
  className: string
}) {
  return (
    <FieldShell id="periodo" label="Periodo" errorId="periodo-error" className={className}>
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
