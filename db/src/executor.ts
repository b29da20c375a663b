import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type * as schema from './schema/index'

/**
 * The types a query runs on, apart from `client.ts` (which opens the database), so that the modules
 * `client.ts` itself loads (the reference data, the audit writer) can name them without a loop.
 */
export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Either the database or an open transaction: queries take this so callers can compose them. */
export type Executor = Database | Transaction
