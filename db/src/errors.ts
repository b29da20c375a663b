/** An error as node-postgres, PGlite and Drizzle shape them: a SQLSTATE or socket code, a constraint, what it wraps. */
export type DatabaseErrorLike = {
  code?: unknown
  message?: unknown
  constraint?: unknown
  constraint_name?: unknown
  cause?: unknown
}

/** How deep a wrapped error is looked for: Drizzle wraps the driver's once, a caller perhaps once more. */
const MAX_DEPTH = 4

/** The error and the errors it wraps (`cause`), outermost first: the one walk every check below makes. */
export function* errorChain(error: unknown): Generator<DatabaseErrorLike> {
  let current = error
  for (let depth = 0; depth < MAX_DEPTH && typeof current === 'object' && current !== null; depth++) {
    yield current as DatabaseErrorLike
    current = (current as DatabaseErrorLike).cause
  }
}

/** Whether the error, or one it wraps, is what `test` looks for. */
export function someInChain(error: unknown, test: (error: DatabaseErrorLike) => boolean): boolean {
  for (const e of errorChain(error)) if (test(e)) return true
  return false
}

const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
const QUERY_CANCELED = '57014'

/**
 * The constraint a violation names: a unique one (23505) by default, or any of `codes`
 * (`CONSTRAINT_VIOLATIONS` adds a foreign key's, 23503). Undefined when the error is no such violation.
 */
export function violatedConstraint(
  error: unknown,
  codes: readonly string[] = [UNIQUE_VIOLATION],
): string | undefined {
  for (const e of errorChain(error)) {
    if (typeof e.code !== 'string' || !codes.includes(e.code)) continue
    const name = e.constraint ?? e.constraint_name
    return typeof name === 'string' ? name : undefined
  }
  return undefined
}

export const CONSTRAINT_VIOLATIONS = [UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION] as const

/** SQLSTATE 57014: a statement timeout or a cancel request stopped the query. */
export const isQueryCanceled = (error: unknown) => someInChain(error, (e) => e.code === QUERY_CANCELED)

/**
 * Whether the connection to the database was lost or refused, not that the statement was wrong:
 * SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server shutting down or a
 * terminated backend), a refused or reset socket, or node-postgres' own words for a connection
 * that ended under a query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someInChain(error, (e) => {
    const code = typeof e.code === 'string' ? e.code : ''
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true
    const message = typeof e.message === 'string' ? e.message : ''
    return /^Connection terminated|not queryable|Client was closed/.test(message)
  })
}
