import { banks, behindPooler, type Executor, rowsOf } from '@planillas/db'
import { type PayrollRowValues, RECORD_STATUS } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type EmployeesInPeriod, employeeFlagsSql } from './line-review'

/** The employee holding a row's document, with what the line takes from them. */
export type EmployeeMatch = { id: number; fullName: string; reviewFlags: number }

/** `1:45678912`: how a document is keyed in maps and sets. */
export const documentKey = (identifierType: number, identifier: string) => `${identifierType}:${identifier}`

/**
 * The employee holding each row's document, in one set-based query: `result[i]` answers
 * `rows[i]` (undefined when nobody holds it). The LATERAL … LIMIT 1 keeps PostgreSQL on the
 * unique index, one probe per document: left to itself, for a few thousand documents it hashes
 * the whole employees table on every call (measured: 25 ms against 150–450 ms per 2,000
 * documents on 100,000 employees). The same probe gives the full name and the line's review flags
 * (`employeeFlagsSql`, and `inPeriod`: the employees in another payroll of the period).
 */
export async function findEmployees(
  db: Executor,
  rows: readonly PayrollRowValues[],
  inPeriod: EmployeesInPeriod,
): Promise<(EmployeeMatch | undefined)[]> {
  const found: (EmployeeMatch | undefined)[] = new Array(rows.length)
  if (!rows.length) return found
  const params = [
    rows.map((d) => d.identifierType),
    rows.map((d) => d.identifier),
    rows.map((d) => d.bankCode),
    rows.map((d) => d.bankAccount),
    rows.map((d) => d.bankInterAccount),
  ]
  const client = (db as { $client?: unknown }).$client
  let answers: [n: string, id: number, fullName: string, flags: number][]
  if (client instanceof pg.Pool) {
    // A named statement: each of the worker's connections plans it once, not once per slice.
    // Not through a transaction pooler (PgBouncer): the next slice may meet a server connection
    // that already prepared it ('already exists') or never did (api/src/pgbouncer.test.ts).
    const result = await client.query<(typeof answers)[number]>({
      name: behindPooler(client) ? undefined : 'payroll-import-employees',
      text: LOOKUP_TEXT,
      values: params,
      rowMode: 'array',
    })
    answers = result.rows
  } else {
    const result = await db.execute(sql`
      select d.n, x.id, x.full_name, x.flags from unnest(
        ${sql.param(params[0])}::smallint[], ${sql.param(params[1])}::text[], ${sql.param(params[2])}::text[],
        ${sql.param(params[3])}::text[], ${sql.param(params[4])}::text[]
      ) ${LOOKUP_TAIL}`)
    answers = rowsOf<{ n: string; id: number; full_name: string; flags: number }>(result).map((r) => [
      r.n,
      r.id,
      r.full_name,
      r.flags,
    ])
  }
  for (const [n, rawId, fullName, flags] of answers) {
    const id = Number(rawId)
    found[Number(n) - 1] = { id, fullName, reviewFlags: Number(flags) | inPeriod.flagOf(id) }
  }
  return found
}

const LOOKUP_TAIL = sql`with ordinality as d(identifier_type, identifier, bank_code, bank_account, bank_inter_account, n)
    cross join lateral (
      select e.id, e.name || ' ' || e.surname as full_name, ${employeeFlagsSql} as flags
      from employees e
      where e.identifier_type = d.identifier_type and e.identifier = d.identifier
      limit 1
    ) x`
const LOOKUP_TEXT = new PgDialect().sqlToQuery(sql`
    select d.n, x.id, x.full_name, x.flags from unnest(
      ${sql.raw('$1')}::smallint[], ${sql.raw('$2')}::text[], ${sql.raw('$3')}::text[], ${sql.raw('$4')}::text[], ${sql.raw('$5')}::text[]
    ) ${LOOKUP_TAIL}`).sql

/**
 * The catalogue's bank codes (a few dozen rows), each with whether it is active: the reference
 * list plus the banks an administrator added; a suspended one is refused with its own message.
 */
export async function loadBankCodes(db: Executor): Promise<Map<string, boolean>> {
  const rows = await db.select({ code: banks.code, status: banks.status }).from(banks)
  return new Map(rows.map((r) => [r.code, r.status === RECORD_STATUS.ACTIVE]))
}
