import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { payrollLines, payrolls } from './payroll'

/**
 * SUNAT's PLAME table 22 (ingresos, tributos y descuentos), as dated reference data
 * (`db/reference/plame-concepts.csv`): a code keeps its meaning, but SUNAT adds and retires codes, so
 * each row says from when (and until when) it may be used. `kind` is what the concept does on the
 * boleta: 1 ingreso, 2 descuento o aporte del trabajador, 3 aporte del empleador.
 */
export const plameConcepts = pgTable(
  'plame_concepts',
  {
    code: text('code').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    description: text('description').notNull(),
    kind: smallint('kind').notNull(),
  },
  (t) => [
    check('plame_concepts_code_check', sql`${t.code} ~ '^[0-9]{4}$'`),
    check('plame_concepts_kind_check', sql`${t.kind} in (1, 2, 3)`),
    check('plame_concepts_dates_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    uniqueIndex('plame_concepts_code_from_unique').on(t.code, t.validFrom),
  ],
)

/**
 * One concept of one payroll line, as the uploaded file gave it: the code of table 22, and the
 * description and kind that code had for the payroll's period when it was imported (what the boleta,
 * PLAME and AFPnet show is what the clerk saw). Written by the import job with the lines.
 */
export const payrollLineConcepts = pgTable(
  'payroll_line_concepts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payrollId: integer('payroll_id')
      .notNull()
      .references(() => payrolls.id, { onDelete: 'cascade' }),
    payrollLineId: bigint('payroll_line_id', { mode: 'number' })
      .notNull()
      .references(() => payrollLines.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kind: smallint('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('payroll_line_concepts_code_check', sql`${t.code} ~ '^[0-9]{4}$'`),
    check('payroll_line_concepts_kind_check', sql`${t.kind} in (1, 2, 3)`),
    check('payroll_line_concepts_amount_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('payroll_line_concepts_line_code_unique').on(t.payrollLineId, t.code),
    index('payroll_line_concepts_payroll_idx').on(t.payrollId, t.payrollLineId),
  ],
)
