import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { getDistrict, listCountries, searchDistricts } from './queries'

const DistrictSchema = z.object({
  id: z.string(),
  description: z.string(),
  district: z.string(),
  province: z.string(),
  department: z.string(),
})

const DistrictQuerySchema = z.object({
  search: z.string().max(100, 'La búsqueda admite como máximo 100 caracteres').optional(),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, 'El límite debe ser mayor a cero')
    .max(2000, 'El límite máximo es 2000')
    .default(50),
})

/** Reference data for the forms' look-ups (any signed-in user): districts, countries (banks: modules/banks). */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/ubigeos/districts', {
    schema: {
      tags: ['reference'],
      description:
        "Distritos INEI; search busca en distrito, provincia y departamento, sin tildes. Descripción 'MIRAFLORES — LIMA / LIMA'.",
      querystring: DistrictQuerySchema,
      response: { 200: envelopeOf(z.array(DistrictSchema)) },
    },
    handler: async (req) => ok(await searchDistricts(app.db, req.query.search, req.query.limit)),
  })

  app.get('/ubigeos/districts/:code', {
    schema: {
      tags: ['reference'],
      params: z.object({ code: z.string().regex(/^\d{6}$/, 'Ubigeo inválido') }),
      response: { 200: envelopeOf(DistrictSchema) },
    },
    handler: async (req) => ok(found(await getDistrict(app.db, req.params.code))),
  })

  app.get('/countries', {
    schema: {
      tags: ['reference'],
      description: 'Países (ISO 3166-1 alfa-2) con su nombre en español.',
      response: { 200: envelopeOf(z.array(z.object({ id: z.string(), description: z.string() }))) },
    },
    handler: async () => ok(await listCountries(app.db)),
  })
}
