import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  batchAttemptColumns,
  batchConstraints,
  batchErrorColumns,
  batchErrorIndex,
  batchFileColumns,
  batchKeyColumns,
  batchProgressColumns,
  requiredRef,
  timestamps,
} from './columns'

/**
 * A load of one of SUNAT's padrones (docs/decisions/sunat-padrones.md): the file an administrator
 * uploaded, read by the 'padron-load' job. The padrón reducido replaces `ruc_registry` whole; each
 * of the three lists replaces its PADRON periods in `tax_status_periods`. Both in one transaction,
 * so a load either counts whole (PROCESADO) or not at all (CON ERRORES).
 */
export const padronLoads = pgTable(
  'padron_loads',
  {
    ...batchKeyColumns('padron-load'),
    /** REDUCIDO, AGENTES_RETENCION, AGENTES_PERCEPCION, BUENOS_CONTRIBUYENTES. */
    kind: text('kind').notNull(),
    /** The day the padrón is dated (Lima): what the warnings cite, and when an unlisted RUC's period ends. */
    listDate: date('list_date').notNull(),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    ...batchProgressColumns(),
    /** Lines that could not be read (kept in padron_load_errors, the first 200). */
    errorCount: integer('error_count').notNull().default(0),
    /** RUCs the load holds once PROCESADO. */
    rucCount: integer('ruc_count').notNull().default(0),
    ...batchFileColumns(),
    ...batchAttemptColumns(),
  },
  (t) => [
    ...batchConstraints('padron_loads', t, '1, 2, 3, 4'),
    check(
      'padron_loads_kind_check',
      sql`${t.kind} in ('REDUCIDO', 'AGENTES_RETENCION', 'AGENTES_PERCEPCION', 'BUENOS_CONTRIBUYENTES')`,
    ),
  ],
)

/** A load's problems: a bad line (its number and text) or the whole file (row null). */
export const padronLoadErrors = pgTable(
  'padron_load_errors',
  batchErrorColumns(() => padronLoads.id),
  (t) => [batchErrorIndex('padron_load_errors', t)],
)

/**
 * The padrón reducido del RUC as last loaded: one row per RUC (~18 million). A load COPYs into a
 * fresh table and swaps it in by renaming, in one transaction, so this one stays readable while a
 * load runs. No created_at/created_by: the load (`load_id`) says who and when, and 18 million
 * timestamps would cost ~300 MB.
 */
export const rucRegistry = pgTable('ruc_registry', {
  ruc: text('ruc').primaryKey(),
  name: text('name').notNull(),
  /** ESTADO DEL CONTRIBUYENTE as SUNAT writes it (cut at 20 characters: 'BAJA PROV. POR OFICI'). */
  state: text('state').notNull(),
  /** CONDICIÓN DE DOMICILIO: HABIDO, NO HABIDO, NO HALLADO… */
  condition: text('condition').notNull(),
  ubigeo: text('ubigeo'),
  loadId: integer('load_id').notNull(),
})

/**
 * What each padrón reducido said of each registered supplier's RUC, dated by the load: the
 * warnings cite it ('según el padrón del 20/08/2026') and it stays when the registry is replaced.
 */
export const rucStandings = pgTable(
  'ruc_standings',
  {
    id: serial('id').primaryKey(),
    ruc: text('ruc').notNull(),
    loadId: requiredRef('load_id', () => padronLoads.id),
    listDate: date('list_date').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    condition: text('condition').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ruc_standings_ruc_load_unique').on(t.ruc, t.loadId),
    index('ruc_standings_ruc_idx').on(t.ruc, t.listDate.desc()),
  ],
)
