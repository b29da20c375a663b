import { MESSAGES, spotCatalogueOn, todayInLima } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { addRetentionRate, addSpotRate, retentionRateRows, spotRateRows } from './rates-service'

const readers = ['pagos_catalogos', 'pagos_aprobar', 'pagos_lista_lista'] as const

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
      const rows = await spotRateRows(app.db, req.query.code)
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
      const id = await addSpotRate(app.db, req.body, req.user.email)
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
    handler: async () => ok(await retentionRateRows(app.db)),
  })

  app.post('/', {
    config: { permission: 'pagos_catalogos' },
    schema: {
      tags: ['retention-rates'],
      description: 'Una nueva tasa vigente desde validFrom: rate (porcentaje) y threshold (soles).',
      ...routeSchema('POST /retention-rates'),
    },
    handler: async (req) => {
      const id = await addRetentionRate(app.db, req.body, req.user.email)
      return ok({ id }, [MESSAGES.saved])
    },
  })
}
