import { useId } from 'react'

export type Series = { name: string; color: string; values: number[] }

const WIDTH = 480
const HEIGHT = 200
const PAD = { top: 16, right: 8, bottom: 28, left: 8 }

/** A round top for the axis: 1, 2, 2.5, 5 × 10ⁿ at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10
  return step * power
}

/**
 * Columns, stacked when there are several series (paid over pending, say). Server-rendered SVG, so it
 * shows without JavaScript; its numbers are also a table for screen readers, and each column's
 * figures are its tooltip. The drawing scales to its box: on a phone (about two thirds of its size)
 * its figures and labels are drawn larger to stay readable.
 */
export function ColumnChart({
  title,
  categories,
  series,
  format,
  empty,
}: {
  title: string
  categories: string[]
  series: Series[]
  format: (value: number) => string
  /** Said instead of an empty chart when every value is zero. */
  empty: string
}) {
  const id = useId()
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0))
  if (totals.every((t) => t === 0)) return <p className="text-sm text-slate-600">{empty}</p>
  const top = niceMax(Math.max(0, ...totals))
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = plotWidth / Math.max(categories.length, 1)
  const barWidth = Math.min(40, slot * 0.6)
  const y = (value: number) => (value / top) * plotHeight
  return (
    <figure className="flex flex-col gap-2" data-testid="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>{title}</title>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          className="stroke-slate-300"
        />
        {categories.map((category, i) => {
          const x = PAD.left + slot * i + (slot - barWidth) / 2
          let base = HEIGHT - PAD.bottom
          const tip = [category, ...series.map((s) => `${s.name}: ${format(s.values[i] ?? 0)}`)].join('\n')
          return (
            <g key={category}>
              <title>{tip}</title>
              {series.map((s) => {
                const h = y(s.values[i] ?? 0)
                base -= h
                return h > 0 ? (
                  <rect key={s.name} x={x} y={base} width={barWidth} height={h} fill={s.color} rx={2} />
                ) : null
              })}
              {totals[i] > 0 ? (
                // The first and last figures hang inward: a long amount stays inside the drawing.
                <text
                  x={i === 0 ? x : i === categories.length - 1 ? x + barWidth : x + barWidth / 2}
                  y={HEIGHT - PAD.bottom - y(totals[i]) - 3}
                  textAnchor={i === 0 ? 'start' : i === categories.length - 1 ? 'end' : 'middle'}
                  className="fill-slate-700 text-[10px] tabular-nums max-sm:text-[14px]"
                >
                  {format(totals[i])}
                </text>
              ) : null}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                className="fill-slate-600 text-[11px] max-sm:text-[14px]"
              >
                {category}
              </text>
            </g>
          )
        })}
      </svg>
      {series.length > 1 ? (
        <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
          {series.map((s) => (
            <span key={s.name} className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 rounded-sm"
                style={{ background: s.color }}
              />
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
      {/* Hidden in a box: a table does not shrink to sr-only's 1 px and widened the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Periodo</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {series.map((s) => (
                  <td key={s.name}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
