import { MESSAGES } from '@planillas/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { failure } from '../lib/envelope'
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  HttpError,
  isMalformedMultipart,
  isStorageUnavailable,
  MALFORMED_FORM_MESSAGE,
  STORAGE_UNAVAILABLE_MESSAGE,
} from '../lib/errors'

/**
 * One error handler: validation → 400, HttpError → its status, a form body the multipart parser
 * cannot read (no boundary, cut short) → 400, a file store that refuses writes or
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
    if (isMalformedMultipart(error)) return reply.code(400).send(failure([MALFORMED_FORM_MESSAGE]))
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure([MESSAGES.generic]))
    }
    // Outages of the file store and of the database are each logged once when they start and once
    // when they end (their watches), not per request.
    if (isStorageUnavailable(error)) return reply.code(503).send(failure([STORAGE_UNAVAILABLE_MESSAGE]))
    if (app.databaseWatch.failed(error)) return reply.code(503).send(failure([DATABASE_UNAVAILABLE_MESSAGE]))
    request.log.error(error)
    return reply.code(500).send(failure([MESSAGES.generic]))
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure(['Recurso no encontrado'])))
})
