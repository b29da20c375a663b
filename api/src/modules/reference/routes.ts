import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { getDistrict, listCountries, searchDistricts } from './queries'

/** Reference data for the forms' look-ups (any signed-in user): districts, countries (banks: modules/banks). */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/ubigeos/districts', {
    schema: {
      tags: ['reference'],
      description:
        "Distritos INEI; search busca en distrito, provincia y departamento, sin tildes. Descripción 'MIRAFLORES — LIMA / LIMA'.",
      ...routeSchema('GET /ubigeos/districts'),
    },
    handler: async (req) => ok(await searchDistricts(app.db, req.query.search, req.query.limit)),
  })

  app.get('/ubigeos/districts/:code', {
    schema: {
      tags: ['reference'],
      ...routeSchema('GET /ubigeos/districts/:code'),
    },
    handler: async (req) => ok(found(await getDistrict(app.db, req.params.code))),
  })

  app.get('/countries', {
    schema: {
      tags: ['reference'],
      description: 'Países (ISO 3166-1 alfa-2) con su nombre en español.',
      ...routeSchema('GET /countries'),
    },
    handler: async () => ok(await listCountries(app.db)),
  })
}
