/** A 0–100 progress bar with its number, readable without colour. */
export function ProgressBar({ value, label = 'Progreso' }: { value: number; label?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)))
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${clamped}%` }} />
      </div>
      <span className="w-10 text-right text-xs tabular-nums text-slate-700">{clamped}%</span>
    </div>
  )
}
