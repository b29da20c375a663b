import { containsNul, NUL_MESSAGE } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../lib/errors'

/**
 * One check for every route: a NUL character in the path parameters, the query or a JSON body is
 * a 400 with a Spanish message. PostgreSQL cannot store or compare it in text, so without this
 * check it reached the database and came back as a 500. Runs after parsing and before
 * the schemas, so no route needs to remember it.
 */
export const rejectNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE)
    }
  })
})
