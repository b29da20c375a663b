import { banks, type Executor, rowsOf } from '@planillas/db'
import { sql } from 'drizzle-orm'

export type EmployeeMatch = { id: number; fullName: string }

/** `1:45678912`: how a document is keyed in maps and sets. */
export const documentKey = (identifierType: number, identifier: string) => `${identifierType}:${identifier}`

/** The employees holding these documents, in one set-based query. */
export async function findEmployees(
  db: Executor,
  documents: { identifierType: number; identifier: string }[],
): Promise<Map<string, EmployeeMatch>> {
  const found = new Map<string, EmployeeMatch>()
  if (!documents.length) return found
  const result = await db.execute(sql`
    select e.id, e.identifier_type as "identifierType", e.identifier, e.name || ' ' || e.surname as "fullName"
    from unnest(
      ${sql.param(documents.map((d) => d.identifierType))}::smallint[],
      ${sql.param(documents.map((d) => d.identifier))}::text[]
    ) as d(identifier_type, identifier)
    join employees e on e.identifier_type = d.identifier_type and e.identifier = d.identifier`)
  for (const row of rowsOf<{ id: number; identifierType: number; identifier: string; fullName: string }>(
    result,
  )) {
    found.set(documentKey(Number(row.identifierType), row.identifier), {
      id: Number(row.id),
      fullName: row.fullName,
    })
  }
  return found
}

/** The bank codes known to the system (a few dozen rows). */
export async function loadBankCodes(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ code: banks.code }).from(banks)
  return new Set(rows.map((r) => r.code))
}
