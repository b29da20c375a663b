import { someInChain, violatedConstraint } from '@planillas/db'
import { formatCount, MESSAGES } from '@planillas/domain'
import { StorageUnavailableError } from '@planillas/storage'

/** The most messages one answer lists; the rest are counted (a 300,000-row file is not 300,000 lines of JSON). */
export const MAX_MESSAGES = 100

/** The first `MAX_MESSAGES` messages and, past them, how many more there are. */
export function boundedMessages(messages: readonly string[]): string[] {
  if (messages.length <= MAX_MESSAGES) return [...messages]
  const more = messages.length - MAX_MESSAGES
  return [
    ...messages.slice(0, MAX_MESSAGES),
    `… y ${formatCount(more)} ${more === 1 ? 'problema más' : 'problemas más'} (se muestran los primeros ${MAX_MESSAGES})`,
  ]
}

/** An error the client caused or may see: its messages are Spanish and go in the envelope. */
export class HttpError extends Error {
  readonly messages: string[]
  constructor(
    readonly statusCode: number,
    messages: readonly string[],
  ) {
    const bounded = boundedMessages(messages)
    super(bounded.join('; '))
    this.messages = bounded
  }
}

/**
 * Messages as given, one by one or as lists: a list of problems is passed as it is, never spread
 * into the call (300,000 arguments overflow the stack before any bound applies).
 */
type Messages = (string | readonly string[])[]
const flat = (messages: Messages): string[] => messages.flat()

export const badRequest = (...messages: Messages) => new HttpError(400, flat(messages))
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, [message])
export const forbidden = () => new HttpError(403, [MESSAGES.forbidden])
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, [message])
/** The row, or a 404 when the query found none. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound()
  return row
}

export const conflict = (...messages: Messages) => new HttpError(409, flat(messages))
/** Well-formed, but what it names cannot be done as asked (every problem listed): a 422. */
export const unprocessable = (...messages: Messages) => new HttpError(422, flat(messages))

/** Runs `work` and turns a unique violation of the named constraints into a 400 with its message. */
export async function withUniqueMessages<T>(
  work: () => Promise<T>,
  messages: Record<string, string>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const constraint = violatedConstraint(error)
    if (constraint && messages[constraint]) throw badRequest(messages[constraint])
    throw error
  }
}

/** Answered when the database ended or refused the connection: the request may simply be repeated. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de datos no está disponible en este momento. Inténtelo nuevamente en unos segundos.'

/** Answered when the file store refused a write (read-only, full, no permission): the operator must act. */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'No se pudo guardar el archivo. Inténtelo nuevamente o avise al administrador.'

/** Whether the error (or what it wraps) is the file store refusing to take files. */
export const isStorageUnavailable = (error: unknown) =>
  someInChain(error, (e) => e instanceof StorageUnavailableError)

/** Answered for a multipart body the parser cannot read: no boundary, cut short, malformed parts. */
export const MALFORMED_FORM_MESSAGE = MESSAGES.malformedMultipart

/**
 * Whether the multipart parser (busboy) refused the body itself: its errors carry no code or
 * status, only these words, and they are the sender's fault (a 400), never the server's.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const message = (error as { message?: unknown })?.message
  if (typeof message !== 'string') return false
  return /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|Malformed part header)$|terminated early due to unexpected end of multipart data$/.test(
    message,
  )
}

/** Answered for a file whose name holds a NUL character (no real file has one). */
export const FILE_NAME_NUL_MESSAGE = 'El nombre del archivo contiene caracteres no permitidos'

/** Refuses a multipart part whose file or field name holds a NUL (PostgreSQL cannot store it). */
export function refuseNulName(part: { fieldname: string; filename?: string }): void {
  if (part.fieldname.includes('\u0000') || part.filename?.includes('\u0000'))
    throw badRequest(FILE_NAME_NUL_MESSAGE)
}
