import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { cents, requiredRef, timestamps } from './columns'
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
    payrollId: requiredRef('payroll_id', () => payrolls.id, { onDelete: 'cascade' }),
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

/**
 * The AFP rates as dated rows (docs/decisions/plame-afpnet-files.md): per AFP and commission type
 * (FLUJO, MIXTA), the aporte obligatorio (0608), the comisión on the pay (0601) and the prima de
 * seguro (0606) in basis points, from `valid_from` to `valid_to`. A null rate is not known and its
 * concept is not checked; a null cap leaves the prima's cap unknown. From db/reference/afp-rates.csv
 * ('referencia', kept up to date by the loader) or added by an administrator ('usuario', audited,
 * never touched by the loader).
 */
export const afpRates = pgTable(
  'afp_rates',
  {
    id: serial('id').primaryKey(),
    afp: text('afp').notNull(),
    commissionType: text('commission_type').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    contributionBp: integer('contribution_bp').notNull(),
    commissionBp: integer('commission_bp'),
    premiumBp: integer('premium_bp'),
    premiumCapCents: cents('premium_cap_cents'),
    source: text('source').notNull().default('referencia'),
    /** Where the figures come from and how sure they are. */
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('afp_rates_afp_check', sql`${t.afp} in ('HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO')`),
    check('afp_rates_commission_type_check', sql`${t.commissionType} in ('FLUJO', 'MIXTA')`),
    check(
      'afp_rates_rates_check',
      sql`${t.contributionBp} between 0 and 10000 and coalesce(${t.commissionBp}, 0) between 0 and 10000 and coalesce(${t.premiumBp}, 0) between 0 and 10000`,
    ),
    check('afp_rates_cap_check', sql`${t.premiumCapCents} is null or ${t.premiumCapCents} > 0`),
    check('afp_rates_dates_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check('afp_rates_source_check', sql`${t.source} in ('referencia', 'usuario')`),
    uniqueIndex('afp_rates_afp_type_from_unique').on(t.afp, t.commissionType, t.validFrom),
  ],
)
