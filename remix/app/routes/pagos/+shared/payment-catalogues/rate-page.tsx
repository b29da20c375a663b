import { formatCents, formatDate, formatDateTime } from '@planillas/domain'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { DateField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { COLUMN, type Column } from '~/components/list/column'
import { DataTable, TwoLineCell } from '~/components/list/data-table'
import { Badge } from '~/components/ui/badge'
import type { Validity } from './rates.server'

/** Where the catalogue screens start ('Catálogos' of 'Pagos a proveedores'). */
export const CATALOGUES_PATH = '/pagos/catalogos'

/** A rate in basis points as the administrator typed it, in percent: 1200 → '12.00 %'. */
export const rateText = (bp: number) => `${(bp / 100).toFixed(2)} %`

/** An amount in céntimos as soles, or 'Sin mínimo' where the row has none. */
export const solesText = (cents: number | null) => (cents === null ? 'Sin mínimo' : formatCents(cents))

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
const sourceText = (source: string) => (source === 'referencia' ? 'Referencia' : 'Usuario')

/** A row of a dated table as its screen lists it: where it stands today and who added it. */
export type DatedRow = {
  id: number
  validFrom: string
  validity: Validity
  source: string
  createdBy: string | null
  createdAt: string | Date
}

/** 'Vigencia': where the row stands today; on a phone, with the date it starts (`withDate`). */
export function validityColumn<T extends DatedRow>({ withDate = false } = {}): Column<T> {
  if (!withDate)
    return {
      header: 'Vigencia',
      cell: (r) => <ValidityBadge validity={r.validity} />,
      width: COLUMN.progress,
    }
  return {
    header: 'Vigencia',
    // On a phone the card's summary: its state and, as the table's own column is in the
    // expandable part, the date it starts (the rows of one code tell apart by it).
    cell: (r) => (
      <>
        <ValidityBadge validity={r.validity} />
        <span className="lg:hidden"> desde {formatDate(r.validFrom)}</span>
      </>
    ),
    mobile: 'title',
    width: COLUMN.progress,
  }
}

/** 'Origen': the published reference data, or the administrator who added the row and when. */
function originColumn<T extends DatedRow>(): Column<T> {
  return {
    header: 'Origen',
    cell: (r) => (
      <TwoLineCell
        main={sourceText(r.source)}
        sub={r.createdBy ? `${r.createdBy} · ${formatDateTime(r.createdAt)}` : undefined}
      />
    ),
  }
}

type FieldsOf<Fields extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<Fields>>['fields']

/** What the form that adds a row has of its own: its schema (the action's) and the fields before the date. */
export type RateFormSpec<Fields extends { validFrom: string }> = {
  id: string
  schema: z.ZodType
  /** Fields the schema lets be empty (see `useSchemaForm`). */
  optional?: (keyof Fields & string)[]
  /** The row's own fields; 'Vigente desde' follows them. */
  fields: (fields: FieldsOf<Fields>) => ReactNode
}

/** 'Nueva tasa': the route's fields and 'Vigente desde', 'Volver' to Catálogos and 'Agregar tasa'. */
function RateForm<Fields extends { validFrom: string }>({
  id,
  schema,
  optional,
  fields,
}: RateFormSpec<Fields>) {
  // The reason is asked only of a row valid from before today (the schema says so on saving).
  const form = useSchemaForm<Fields>(schema, {
    id,
    optional: [...(optional ?? []), 'reason' as keyof Fields & string],
  })
  // Every dated row has its date and reason: conform's types cannot see them through the generic `Fields`.
  const { validFrom, reason } = form.fields as unknown as FieldsOf<{ validFrom: string; reason: string }>
  return (
    <SchemaForm form={form.form}>
      <FormCard title="Nueva tasa" columns={3}>
        {fields(form.fields)}
        <DateField meta={validFrom} label="Vigente desde" required />
        <TextField
          meta={reason}
          label="Motivo"
          help="Solo si Vigente desde es anterior a hoy: queda en la auditoría"
          maxLength={255}
        />
      </FormCard>
      <FormActions
        backTo={CATALOGUES_PATH}
        backLabel="Volver"
        submitLabel="Agregar tasa"
        busyLabel="Agregando…"
        busy={form.busy}
      />
    </SchemaForm>
  )
}

/**
 * A dated table's screen: its title, what it is, the form that adds a row (its 'Volver' goes back
 * to Catálogos), then every row, the route's columns followed by 'Origen'.
 */
export function RatePage<T extends DatedRow, Fields extends { validFrom: string }>({
  title,
  note,
  form,
  caption,
  rows,
  columns,
}: {
  title: string
  note: ReactNode
  form: RateFormSpec<Fields>
  caption: string
  rows: T[]
  columns: Column<T>[]
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-sm text-slate-700">{note}</p>
      {/* A saved row empties the form (a new one is mounted); a refused one keeps what was typed. */}
      <RateForm<Fields> key={rows.length} {...form} />
      <DataTable<T>
        caption={caption}
        rows={rows}
        rowKey={(r) => r.id}
        columns={[...columns, originColumn<T>()]}
      />
    </section>
  )
}
