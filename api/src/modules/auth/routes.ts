import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '../../lib/envelope'

const tags = ['auth']
const ProfileSchema = z.object({ email: z.string(), name: z.string(), roles: z.array(z.string()) })

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/me', {
    schema: { tags, response: { 200: envelopeOf(ProfileSchema) } },
    handler: async (req) => ok({ email: req.user.email, name: req.user.name, roles: req.user.roles }),
  })

  /** Validates the access token (the auth plugin already did; reaching here means it is valid). */
  app.get('/token', {
    schema: { tags, response: { 200: envelopeOf(z.object({ valid: z.boolean() })) } },
    handler: async () => ok({ valid: true }),
  })
}
