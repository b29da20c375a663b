import { MESSAGES } from '@planillas/domain'
import { StorageUnavailableError } from '@planillas/storage'

/** An error the client caused or may see: its messages are Spanish and go in the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
  ) {
    super(messages.join('; '))
  }
}

export const badRequest = (...messages: string[]) => new HttpError(400, messages)
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, [message])
export const forbidden = () => new HttpError(403, [MESSAGES.forbidden])
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, [message])
/** The row, or a 404 when the query found none. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound()
  return row
}

export const conflict = (...messages: string[]) => new HttpError(409, messages)

type PgErrorLike = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown }

/** The name of the unique constraint a database error violated, if it was a unique violation. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  let current = error as PgErrorLike | undefined
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505') return current.constraint ?? current.constraint_name ?? 'unknown'
    current = current.cause as PgErrorLike | undefined
  }
  return undefined
}

/** Runs `work` and turns a unique violation of the named constraints into a 400 with its message. */
export async function withUniqueMessages<T>(
  work: () => Promise<T>,
  messages: Record<string, string>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const constraint = violatedUniqueConstraint(error)
    if (constraint && messages[constraint]) throw badRequest(messages[constraint])
    throw error
  }
}

/** Answered when the database ended or refused the connection: the request may simply be repeated. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'La base de datos no está disponible en este momento. Inténtalo nuevamente en unos segundos.'

type ConnectionErrorLike = { code?: string; message?: string; cause?: unknown }

/**
 * Whether an error (or what it wraps: Drizzle wraps the driver's) says the connection to the
 * database was lost or refused, not that the statement was wrong: SQLSTATE class 08 (connection
 * exception) and 57P0x (the server shutting down or a terminated backend), a refused or reset socket,
 * or node-postgres' own words for a connection that ended under a query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as ConnectionErrorLike | undefined
  for (let depth = 0; current && depth < 4; depth++) {
    const code = typeof current.code === 'string' ? current.code : ''
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true
    const message = typeof current.message === 'string' ? current.message : ''
    if (/^Connection terminated|not queryable|Client was closed/.test(message)) return true
    current = current.cause as ConnectionErrorLike | undefined
  }
  return false
}

/** Answered when the file store refused a write (read-only, full, no permission): the operator must act. */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'No se pudo guardar el archivo. Inténtalo nuevamente o avisa al administrador.'

/** Whether the error (or what it wraps) is the file store refusing to take files. */
export function isStorageUnavailable(error: unknown): boolean {
  let current = error as { cause?: unknown } | undefined
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof StorageUnavailableError) return true
    current = current.cause as { cause?: unknown } | undefined
  }
  return false
}
