import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { CLIENT_ERROR_MESSAGES } from '@planillas/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { failure } from '../lib/envelope'

/** The status Node's parser error means: too slow (408), headers too large (431), else 400. */
export function clientErrorStatus(code: string | undefined): 408 | 431 | 400 {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  return 400
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not read (no route ever sees it) gets the
 * same Spanish envelope as every other answer, instead of Fastify's English one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status = clientErrorStatus(error.code)
  const body = JSON.stringify(failure([CLIENT_ERROR_MESSAGES[status]]))
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}

/**
 * Fastify's `frameworkErrors`: a path parameter longer than the router takes (414) or a malformed
 * URL (400), answered in Spanish and without echoing the path back.
 */
export function answerFrameworkError(
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  return reply.code(status).send(failure([CLIENT_ERROR_MESSAGES[status]]))
}
