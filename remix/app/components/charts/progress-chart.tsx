import { Link } from 'react-router'

/**
 * How far each item is done (0–100 %): a row each, its label a link to the item and its bar a small
 * server-rendered SVG, so the chart shows without JavaScript and reads as a list.
 */
export function ProgressChart({
  title,
  items,
}: {
  title: string
  items: { key: string | number; label: string; to: string; progress: number; detail?: string }[]
}) {
  return (
    <ul aria-label={title} className="flex flex-col gap-2" data-testid="chart">
      {items.map((item) => {
        const value = Math.max(0, Math.min(100, Math.round(item.progress)))
        return (
          <li key={item.key} className="grid grid-cols-[minmax(0,10rem)_1fr_3rem] items-center gap-3 text-sm">
            <Link to={item.to} className="truncate text-primary-dark underline" title={item.label}>
              {item.label}
            </Link>
            <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full" role="img">
              <title>{`${item.label}: ${value} % abonado${item.detail ? ` (${item.detail})` : ''}`}</title>
              <rect width="100" height="8" rx="2" className="fill-slate-200" />
              <rect
                width={value}
                height="8"
                rx="2"
                className={value >= 100 ? 'fill-green-600' : 'fill-primary'}
              />
            </svg>
            <span className="text-right tabular-nums text-slate-700">{value} %</span>
          </li>
        )
      })}
    </ul>
  )
}
