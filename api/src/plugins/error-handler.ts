import { isDatabaseUnavailable } from '@planillas/db'
import { MESSAGES } from '@planillas/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { failure } from '../lib/envelope'
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  HttpError,
  isStorageUnavailable,
  STORAGE_UNAVAILABLE_MESSAGE,
} from '../lib/errors'

/**
 * One error handler: validation → 400, HttpError → its status, a file store that refuses writes or
 * a lost database connection → 503, anything else → 500 without internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set(error.validation.map((issue) => issue.message ?? MESSAGES.generic))]
      return reply.code(400).send(failure(messages))
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send(failure(error.messages))
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(failure(['El cuerpo de la petición no es un JSON válido']))
    }
    if (
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT' ||
      error.statusCode === 413
    ) {
      return reply.code(413).send(failure(['El archivo supera el tamaño máximo permitido']))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure([MESSAGES.generic]))
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'Almacenamiento de archivos no disponible')
      return reply.code(503).send(failure([STORAGE_UNAVAILABLE_MESSAGE]))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Base de datos no disponible')
      return reply.code(503).send(failure([DATABASE_UNAVAILABLE_MESSAGE]))
    }
    request.log.error(error)
    return reply.code(500).send(failure([MESSAGES.generic]))
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure(['Recurso no encontrado'])))
})
