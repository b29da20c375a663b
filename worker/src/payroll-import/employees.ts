import { banks, type Executor, rowsOf } from '@planillas/db'
import { RECORD_STATUS } from '@planillas/domain'
import { sql } from 'drizzle-orm'

export type EmployeeMatch = { id: number }

/** `1:45678912`: how a document is keyed in maps and sets. */
export const documentKey = (identifierType: number, identifier: string) => `${identifierType}:${identifier}`

/**
 * The employees holding these documents, in one set-based query. The LATERAL … LIMIT 1 keeps
 * PostgreSQL on the unique index, one probe per document: left to itself, for a few thousand
 * documents it hashes the whole employees table on every call (measured: 25 ms against 150–450 ms
 * per 2,000 documents on 100,000 employees).
 */
export async function findEmployees(
  db: Executor,
  documents: { identifierType: number; identifier: string }[],
): Promise<Map<string, EmployeeMatch>> {
  const found = new Map<string, EmployeeMatch>()
  if (!documents.length) return found
  const result = await db.execute(sql`
    select e.id, d.identifier_type as "identifierType", d.identifier
    from unnest(
      ${sql.param(documents.map((d) => d.identifierType))}::smallint[],
      ${sql.param(documents.map((d) => d.identifier))}::text[]
    ) as d(identifier_type, identifier)
    cross join lateral (
      select x.id from employees x
      where x.identifier_type = d.identifier_type and x.identifier = d.identifier
      limit 1
    ) e`)
  for (const row of rowsOf<{ id: number; identifierType: number; identifier: string }>(result)) {
    found.set(documentKey(Number(row.identifierType), row.identifier), { id: Number(row.id) })
  }
  return found
}

/**
 * The catalogue's bank codes (a few dozen rows), each with whether it is active: the reference
 * list plus the banks an administrator added; a suspended one is refused with its own message.
 */
export async function loadBankCodes(db: Executor): Promise<Map<string, boolean>> {
  const rows = await db.select({ code: banks.code, status: banks.status }).from(banks)
  return new Map(rows.map((r) => [r.code, r.status === RECORD_STATUS.ACTIVE]))
}
