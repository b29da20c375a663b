const TONES = {
  green: 'bg-green-100 text-green-800 ring-green-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  blue: 'bg-sky-100 text-sky-900 ring-sky-600/30',
  slate: 'bg-slate-100 text-slate-800 ring-slate-500/30',
} as const
export type Tone = keyof typeof TONES

/** A status or action badge: colour plus a readable label (never colour alone). */
export function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return <span className={`badge ${TONES[tone]}`}>{children}</span>
}

/** Tones for the common status keys of the enumerations. */
export const STATUS_TONES: Record<string, Tone> = {
  ACTIVE: 'green',
  INACTIVE: 'red',
  TOEXPIRE: 'amber',
  FINISHED: 'slate',
  TERMINATED: 'red',
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  LOGIN: 'slate',
}

/** The badge of an enumeration's code: its label, toned by its key. */
export function StatusBadge({
  table,
  code,
}: {
  table: Record<number, { key: string; label: string }>
  code: number | null | undefined
}) {
  const entry = code == null ? undefined : table[code]
  if (!entry) return <span>---</span>
  return <Badge tone={STATUS_TONES[entry.key] ?? 'slate'}>{entry.label}</Badge>
}
