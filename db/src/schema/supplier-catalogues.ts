import { sql } from 'drizzle-orm'
import { check, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { recordStatusCheck, timestamps } from './columns'

/** A small maintained catalogue: a described record with a status, like areas (PREFIX-0001). */
const describedCatalogue = (name: string, prefix: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      code: text('code')
        .generatedAlwaysAs(sql.raw(`'${prefix}-' || lpad(id::text, 4, '0')`))
        .notNull(),
      description: text('description').notNull(),
      status: smallint('status').notNull().default(1),
      ...timestamps,
    },
    (t) => [
      check(`${name}_status_check`, recordStatusCheck('status')),
      uniqueIndex(`${name}_description_unique`).on(sql`lower(${t.description})`),
    ],
  )

/** 'Líneas de gasto': what a supplier's vouchers are spent on. */
export const expenseLines = describedCatalogue('expense_lines', 'LG')
/** 'Tipos de proyecto': asked by the authorize dialog. */
export const projectTypes = describedCatalogue('project_types', 'TP')
/** 'Motivos de rechazo': asked by the reject dialog. */
export const rejectReasons = describedCatalogue('reject_reasons', 'MR')
