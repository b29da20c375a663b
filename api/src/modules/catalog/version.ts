import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { catalogVersionNumber } from './queries'

/**
 * `GET /catalog-version`: how many times areas, positions and companies have changed (a trigger
 * counts each statement that changes them, migration 0032). Every web process asks for it before
 * using its cached catalogues and loads them again when it differs, so a change made through any
 * process is seen by all at once (docs/decisions/several-copies.md). Any signed-in user: it says
 * nothing but that number.
 */
export async function catalogVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/', {
    schema: { tags: ['catalog'], ...routeSchema('GET /catalog-version') },
    handler: async () => ok({ version: await catalogVersionNumber(app.db) }),
  })
}
