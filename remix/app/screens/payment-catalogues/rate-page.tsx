import { formatMoney } from '@planillas/domain'
import type { ReactNode } from 'react'
import { Badge } from '~/components/ui/badge'
import type { Validity } from './rates.server'

/** Where the catalogue screens start ('Catálogos' of 'Pagos a proveedores'). */
export const CATALOGUES_PATH = '/pagos/catalogos'

/** A rate in basis points as the administrator typed it, in percent: 1200 → '12.00 %'. */
export const rateText = (bp: number) => `${(bp / 100).toFixed(2)} %`

/** An amount in céntimos as soles, or 'Sin mínimo' where the row has none. */
export const solesText = (cents: number | null) => (cents === null ? 'Sin mínimo' : formatMoney(cents / 100))

const VALIDITY = {
  vigente: { tone: 'green', label: 'Vigente' },
  programada: { tone: 'blue', label: 'Programada' },
  anterior: { tone: 'slate', label: 'Anterior' },
} as const

/** Where a dated row stands today. */
export function ValidityBadge({ validity }: { validity: Validity }) {
  const { tone, label } = VALIDITY[validity]
  return <Badge tone={tone}>{label}</Badge>
}

/** The source of a row: the published reference data or an administrator. */
export const sourceText = (source: string) => (source === 'referencia' ? 'Referencia' : 'Usuario')

/**
 * A dated table's screen: its title, what it is, the form that adds a row (its 'Volver' goes back
 * to Catálogos), then every row. The form and the table are the route's own (fields and columns differ).
 */
export function RatePage({
  title,
  note,
  form,
  children,
}: {
  title: string
  note: ReactNode
  form: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-sm text-slate-700">{note}</p>
      {form}
      {children}
    </section>
  )
}
