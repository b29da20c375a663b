import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { CLIENT_ERROR_MESSAGES, MESSAGES } from '@planillas/domain'
import type { NextFunction, Request, Response } from 'express'

/** Pages are read with GET (HEAD) and forms post with POST: nothing else reaches a loader or an action. */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST'])
/** What a browser's form sends; an action reads it with `request.formData()`. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

export const METHOD_NOT_ALLOWED = 'Método no permitido.'
export const FORM_EXPECTED = 'La petición debe enviarse como un formulario.'

const sendText = (res: Response, status: number, text: string) =>
  res.status(status).type('text/plain; charset=utf-8').send(text)

/** A POST that carries a body (an empty one, e.g. a bare fetch, reads as an empty form). */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/**
 * Before Remix: TRACE, PUT, PATCH, DELETE and the rest get 405 (Remix would run a form's action
 * for any of them), and a POST whose body is not a form (JSON, text) gets 415 instead of failing
 * inside the action.
 */
export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!PAGE_METHODS.has(req.method)) {
      res.setHeader('Allow', 'GET, HEAD, POST')
      return sendText(res, 405, METHOD_NOT_ALLOWED)
    }
    if (req.method === 'POST' && hasBody(req) && !FORM_TYPES.test(req.headers['content-type'] ?? ''))
      return sendText(res, 415, FORM_EXPECTED)
    next()
  }
}

/**
 * express's last error handler: a fault anywhere before or around Remix answers the Spanish generic
 * message, never express's page with the stack trace and the server's paths. The detail is logged.
 */
export function lastErrorHandler() {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    console.error(error)
    if (res.headersSent) return void res.destroy()
    sendText(res, 500, MESSAGES.generic)
  }
}

/**
 * The server's `clientError`: a request Node could not read (too slow: 408; headers too large:
 * 431; else 400) gets a Spanish text instead of an empty answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const body = CLIENT_ERROR_MESSAGES[status]
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}
