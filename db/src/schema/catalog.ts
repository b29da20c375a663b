import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { recordStatusCheck, timestamps } from './columns'

/** A readable code derived from the id by the database, e.g. AR-0007. */
const codeFrom = (prefix: string) => sql.raw(`'${prefix}-' || lpad(id::text, 4, '0')`)

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    code: text('code').generatedAlwaysAs(codeFrom('AR')).notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('areas_status_check', recordStatusCheck('status')),
    uniqueIndex('areas_description_unique').on(sql`lower(${t.description})`),
  ],
)

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    code: text('code').generatedAlwaysAs(codeFrom('CA')).notNull(),
    description: text('description').notNull(),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('positions_status_check', recordStatusCheck('status')),
    uniqueIndex('positions_description_unique').on(sql`lower(${t.description})`),
  ],
)

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    code: text('code').generatedAlwaysAs(codeFrom('EM')).notNull(),
    ruc: text('ruc').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    legalRepresentative: text('legal_representative'),
    /** SUNAT designated the company 'agente de retención': it withholds 3 % of the IGV it pays (docs/domain.md, supplier payments). */
    retentionAgent: boolean('retention_agent').notNull().default(false),
    /** The series of the comprobantes de retención electrónicos it issues (SEE del contribuyente / OSE). */
    retentionSeries: text('retention_series').notNull().default('R001'),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('companies_status_check', recordStatusCheck('status')),
    check('companies_ruc_check', sql`${t.ruc} ~ '^[0-9]{11}$'`),
    check('companies_retention_series_check', sql`${t.retentionSeries} ~ '^R[A-Z0-9]{3}$'`),
    uniqueIndex('companies_ruc_unique').on(t.ruc),
    index('companies_name_es_idx').on(sql`${t.name} collate es_pe`, t.id),
    /** The list's search by name, accents and case folded (`foldedLike`, api/src/lists/paging.ts). */
    index('companies_name_fold_trgm_idx').using('gin', sql`fold_search(${t.name}) gin_trgm_ops`),
  ],
)

/**
 * One row counting the changes to areas, positions and companies: a trigger on each of
 * those tables adds one in the statement that changes them (migration 0032), so every web process
 * sees at once that its cached catalogues are out of date (docs/decisions/several-copies.md).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
)
