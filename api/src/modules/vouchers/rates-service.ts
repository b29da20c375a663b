import {
  type Database,
  type Executor,
  recordAudit,
  retentionRates,
  spotRates,
  type Transaction,
} from '@planillas/db'
import {
  formatCents,
  formatDate,
  type RetentionRateInput,
  SPOT_RATE_MESSAGES,
  type SpotRateInput,
} from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import { withUniqueMessages } from '../../lib/errors'

/**
 * The dated tables' rows (catalogue 54 and the retention regime): read in date order, added one row
 * at a time with its audit entry, never edited nor deleted.
 */

const rate = (bp: number) => `${bp / 100} %`
/** A row valid from a past day carries its reason (the schema requires one) into the audit. */
const backdated = (reason: string | null) => (reason ? `; motivo: ${reason}` : '')
const soles = (cents: number | null) => (cents === null ? 'sin mínimo' : formatCents(cents))

/** Catalogue 54's rows, of one code or of all, by code and then by the day each is valid from. */
export const spotRateRows = (db: Executor, code?: string) =>
  db
    .select()
    .from(spotRates)
    .where(code ? eq(spotRates.code, code) : undefined)
    .orderBy(asc(spotRates.code), asc(spotRates.validFrom))

/** The retention regime's rows, from the oldest to the newest. */
export const retentionRateRows = (db: Executor) =>
  db.select().from(retentionRates).orderBy(asc(retentionRates.validFrom))

/**
 * Adds one dated row and its audit entry in one transaction, and gives its id; a second row for the
 * same day breaks `unique`'s constraint and is answered with its message.
 */
const addDatedRow = (
  db: Database,
  row: {
    insert: (tx: Transaction) => Promise<{ id: number }[]>
    entity: string
    actor: string
    description: string
    unique: Record<string, string>
  },
) =>
  withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const [{ id }] = await row.insert(tx)
        await recordAudit(tx, {
          action: 'CREATE',
          entity: row.entity,
          entityId: id,
          actor: row.actor,
          description: row.description,
        })
        return id
      }),
    row.unique,
  )

/** A new row of a catalogue 54 code, valid from its date; its id. */
export const addSpotRate = (db: Database, input: SpotRateInput, actor: string) =>
  addDatedRow(db, {
    insert: (tx) =>
      tx
        .insert(spotRates)
        .values({
          code: input.code,
          description: input.description,
          rateBp: input.rate,
          minimumCents: input.minimum ?? null,
          validFrom: input.validFrom,
          source: 'usuario',
          createdBy: actor,
        })
        .returning({ id: spotRates.id }),
    entity: 'spot-rates',
    actor,
    description: `Registró la tasa de detracción del código ${input.code} '${input.description}': ${rate(input.rate)}, mínimo ${soles(input.minimum ?? null)}, vigente desde ${formatDate(input.validFrom)}${backdated(input.reason)}`,
    unique: { spot_rates_code_valid_from_unique: SPOT_RATE_MESSAGES.duplicate },
  })

/** A new row of the retention regime, valid from its date; its id. */
export const addRetentionRate = (db: Database, input: RetentionRateInput, actor: string) =>
  addDatedRow(db, {
    insert: (tx) =>
      tx
        .insert(retentionRates)
        .values({
          rateBp: input.rate,
          thresholdCents: input.threshold,
          validFrom: input.validFrom,
          source: 'usuario',
          createdBy: actor,
        })
        .returning({ id: retentionRates.id }),
    entity: 'retention-rates',
    actor,
    description: `Registró la tasa de retención del IGV: ${rate(input.rate)} sobre ${soles(input.threshold)}, vigente desde ${formatDate(input.validFrom)}${backdated(input.reason)}`,
    unique: { retention_rates_valid_from_unique: SPOT_RATE_MESSAGES.duplicateRetention },
  })
