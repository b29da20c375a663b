import { type Database, recordAudit, retentionRates, spotRates, type Transaction } from '@planillas/db'
import {
  formatCents,
  formatDate,
  MESSAGES,
  SPOT_RATE_MESSAGES,
  spotCatalogueOn,
  todayInLima,
} from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { withUniqueMessages } from '../../lib/errors'

const readers = ['pagos_catalogos', 'pagos_aprobar', 'pagos_lista_lista'] as const
const rate = (bp: number) => `${bp / 100} %`
/** A row valid from a past day carries its reason (the schema requires one) into the audit. */
const backdated = (reason: string | null) => (reason ? `; motivo: ${reason}` : '')
const soles = (cents: number | null) => (cents === null ? 'sin mínimo' : formatCents(cents))

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

/**
 * The dated tables of docs/domain.md (supplier payments): catalogue 54 (`/spot-rates`) and the retention regime
 * (`/retention-rates`). An administrator (`pagos_catalogos`) adds a row valid from a date; rows are
 * never edited nor deleted, so every past approval stays explained by the row it used.
 */
export async function spotRateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/', {
    config: { permission: [...readers] },
    schema: {
      tags: ['spot-rates'],
      description:
        'Sin code: la fila vigente de cada código a la fecha date (por defecto hoy). Con code: toda la historia del código. Con history=true: todas las filas de todos los códigos.',
      ...routeSchema('GET /spot-rates'),
    },
    handler: async (req) => {
      const rows = await app.db
        .select()
        .from(spotRates)
        .where(req.query.code ? eq(spotRates.code, req.query.code) : undefined)
        .orderBy(asc(spotRates.code), asc(spotRates.validFrom))
      if (req.query.code || req.query.history) return ok(rows)
      const inForce = new Set(
        spotCatalogueOn(rows, req.query.date ?? todayInLima()).map((r) => `${r.code}:${r.validFrom}`),
      )
      return ok(rows.filter((r) => inForce.has(`${r.code}:${r.validFrom}`)))
    },
  })

  app.post('/', {
    config: { permission: 'pagos_catalogos' },
    schema: {
      tags: ['spot-rates'],
      description:
        'Una nueva fila de un código, vigente desde validFrom: rate (porcentaje), minimum (soles, vacío = sin mínimo).',
      ...routeSchema('POST /spot-rates'),
    },
    handler: async (req) => {
      const input = req.body
      const id = await addDatedRow(app.db, {
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
              createdBy: req.user.email,
            })
            .returning({ id: spotRates.id }),
        entity: 'spot-rates',
        actor: req.user.email,
        description: `Registró la tasa de detracción del código ${input.code} '${input.description}': ${rate(input.rate)}, mínimo ${soles(input.minimum ?? null)}, vigente desde ${formatDate(input.validFrom)}${backdated(input.reason)}`,
        unique: { spot_rates_code_valid_from_unique: SPOT_RATE_MESSAGES.duplicate },
      })
      return ok({ id }, [MESSAGES.saved])
    },
  })
}

export async function retentionRateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/', {
    config: { permission: [...readers] },
    schema: {
      tags: ['retention-rates'],
      description: 'Toda la historia, de la más antigua a la más reciente.',
      ...routeSchema('GET /retention-rates'),
    },
    handler: async () =>
      ok(await app.db.select().from(retentionRates).orderBy(asc(retentionRates.validFrom))),
  })

  app.post('/', {
    config: { permission: 'pagos_catalogos' },
    schema: {
      tags: ['retention-rates'],
      description: 'Una nueva tasa vigente desde validFrom: rate (porcentaje) y threshold (soles).',
      ...routeSchema('POST /retention-rates'),
    },
    handler: async (req) => {
      const input = req.body
      const id = await addDatedRow(app.db, {
        insert: (tx) =>
          tx
            .insert(retentionRates)
            .values({
              rateBp: input.rate,
              thresholdCents: input.threshold,
              validFrom: input.validFrom,
              source: 'usuario',
              createdBy: req.user.email,
            })
            .returning({ id: retentionRates.id }),
        entity: 'retention-rates',
        actor: req.user.email,
        description: `Registró la tasa de retención del IGV: ${rate(input.rate)} sobre ${soles(input.threshold)}, vigente desde ${formatDate(input.validFrom)}${backdated(input.reason)}`,
        unique: { retention_rates_valid_from_unique: SPOT_RATE_MESSAGES.duplicateRetention },
      })
      return ok({ id }, [MESSAGES.saved])
    },
  })
}
