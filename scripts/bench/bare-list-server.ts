import Fastify from 'fastify'
import pg from 'pg'
import { foldSearch } from '../../api/src/modules/employees/filters'

/**
 * The reference point of `npm run bench:list`: Fastify and node-postgres running the employee
 * list's page query by hand (same joins, same conditions, same bounded count), with no auth,
 * validation, Drizzle, envelope or statement-timeout transaction. Run by the bench in its own
 * process (BARE_PORT, DATABASE_URL).
 */
// Named statements planned for each execution's values, as the API's list pool does (prepared.ts).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: '-c plan_cache_mode=force_custom_plan',
})
const names = new Map<string, string>()
const named = (text: string) => {
  let name = names.get(text)
  if (!name) {
    name = `bare_${names.size + 1}`
    names.set(text, name)
  }
  return name
}
const query = (text: string, values: unknown[]) => pool.query({ name: named(text), text, values })
const app = Fastify()
const BOUND = 10_000

type Filter = { search?: string; status?: number; areaIds?: number[] }

function whereOf(filter: Filter) {
  const conditions: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  for (const word of foldSearch(filter.search ?? '')
    .split(/\s+/)
    .filter(Boolean)) {
    const escaped = word.replace(/[\\%_]/g, (c) => `\\${c}`)
    if (word.length >= 3) conditions.push(`e.search_text like ${param(`%${escaped}%`)}`)
    else if (/^\d+$/.test(word)) conditions.push(`e.identifier like ${param(`${escaped}%`)}`)
  }
  if (filter.status) conditions.push(`e.status = ${param(filter.status)}`)
  if (filter.areaIds?.length) conditions.push(`e.area_id = any(${param(filter.areaIds)}::int[])`)
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params }
}

app.post<{ Body: Filter | null; Querystring: { page?: string; size?: string } }>('/list', async (req) => {
  const page = Number(req.query.page ?? 0)
  const size = Number(req.query.size ?? 10)
  const where = whereOf(req.body ?? {})
  const n = where.params.length
  const { rows } = await query(
    `select e.id, e.code, e.identifier_type, e.identifier, e.name, e.surname, e.name || ' ' || e.surname as full_name,
       e.company_id, c.name as company_name, e.area_id, a.description as area_name,
       e.position_id, p.description as position_name, e.status, e.created_at
     from employees e
     left join companies c on c.id = e.company_id
     left join areas a on a.id = e.area_id
     left join positions p on p.id = e.position_id
     where e.id in (select e.id from employees e ${where.sql} order by e.id limit $${n + 1} offset $${n + 2})
     order by e.id`,
    [...where.params, size, page * size],
  )
  let total = page * size + rows.length
  let exact = true
  if (rows.length === size || (page > 0 && rows.length === 0)) {
    const counted = await query(
      `select count(*)::int as n from (select 1 from employees e ${where.sql} limit ${BOUND + 1}) b`,
      where.params,
    )
    exact = counted.rows[0].n <= BOUND
    total = Math.min(counted.rows[0].n, BOUND)
  }
  return {
    status: 'OK',
    payload: {
      content: rows,
      totalElements: total,
      totalPages: Math.ceil(total / size),
      totalIsExact: exact,
    },
    messages: [],
  }
})

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' })
