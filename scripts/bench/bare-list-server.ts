import Fastify from 'fastify'
import pg from 'pg'
import { prefixPattern, typedWords } from '../../api/src/lists/paging'
import { COUNT_BOUND, ESTIMATE_FROM, FEW_MATCHES } from '../../api/src/lists/totals'
import { MAX_WORDS } from '../../api/src/modules/employees/filters'

/**
 * The reference point of `npm run bench:list`: Fastify and node-postgres running the employee
 * list's queries by hand (the planner's estimate, the one-statement page of few matches, the page
 * query with the same joins and conditions, the bounded count), with no auth,
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
const BOUND = COUNT_BOUND

type Filter = { search?: string; status?: number; areaIds?: number[] }

/** As the API's `lookUpSearchWords`: the whole words each word of three or more, not only digits, lies in. */
async function wholeWords(words: string[]): Promise<Map<string, string[]>> {
  const terms = [...new Set(words.filter((w) => w.length >= 3 && /\D/.test(w)))]
  if (terms.length < 2) return new Map()
  // Unnamed, as the API runs it.
  const { rows } = await pool.query(
    `select t.term, array(select word from search_words where word like search_pattern(t.term) limit ${MAX_WORDS + 1}) as words
     from unnest($1::text[]) as t(term) where strpos(fold_search(t.term), ' ') = 0`,
    [terms],
  )
  return new Map(rows.filter((r) => r.words.length <= MAX_WORDS).map((r) => [r.term, r.words]))
}

async function whereOf(filter: Filter) {
  const conditions: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const words = typedWords(filter.search)
  const whole = await wholeWords(words)
  for (const word of words) {
    const found = whole.get(word)
    if (found) conditions.push(`string_to_array(e.search_text, ' ') && ${param(found)}::text[]`)
    else if (word.length >= 3) conditions.push(`e.search_text like search_pattern(${param(word)})`)
    else if (/^\d+$/.test(word)) conditions.push(`e.identifier like ${param(prefixPattern(word))}`)
  }
  if (filter.status) conditions.push(`e.status = ${param(filter.status)}`)
  if (filter.areaIds?.length) conditions.push(`e.area_id = any(${param(filter.areaIds)}::int[])`)
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params }
}

const columns = `e.id, e.code, e.identifier_type, e.identifier, e.name, e.surname, e.name || ' ' || e.surname as full_name,
  e.company_id, c.name as company_name, e.area_id, a.description as area_name,
  e.position_id, p.description as position_name, e.status, e.created_at`
const joins = `left join companies c on c.id = e.company_id
  left join areas a on a.id = e.area_id
  left join positions p on p.id = e.position_id`

/** The API's `estimatedRows`: the planner's rows for the count's select. */
async function estimate(where: { sql: string; params: unknown[] }) {
  const { rows } = await pool.query(
    `explain (format json) select 1 from employees e ${where.sql}`,
    where.params,
  )
  return Math.round(rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])
}

async function boundedCount(where: { sql: string; params: unknown[] }) {
  const { rows } = await query(
    `select count(*)::int as n from (select 1 from employees e ${where.sql} limit ${BOUND + 1}) b`,
    where.params,
  )
  return rows[0].n as number
}

app.post<{ Body: Filter | null; Querystring: { page?: string; size?: string } }>('/list', async (req) => {
  const page = Number(req.query.page ?? 0)
  const size = Number(req.query.size ?? 10)
  const offset = page * size
  const where = await whereOf(req.body ?? {})
  const n = where.params.length
  const answer = (content: unknown[], total: number, exact: boolean, estimated = false) => ({
    status: 'OK',
    payload: {
      content,
      totalElements: total,
      totalPages: exact
        ? Math.ceil(total / size)
        : Math.max(Math.ceil(total / size), Math.ceil((offset + content.length + 1) / size)),
      totalIsExact: exact,
      totalIsEstimate: estimated,
    },
    messages: [],
  })
  // As the API's `paged` with the employee list's `fewMatches`: the planner first; few matches give
  // the page and the count in one statement.
  const estimated = await estimate(where)
  let beyondBound = false
  if (estimated <= FEW_MATCHES) {
    const { rows } = await query(
      `select ${columns}, page_ids.total from employees e ${joins}
       inner join (
         select m.id, (count(*) over ())::int as total
         from (select e.id, e.code, e.identifier, e.name, e.surname, e.status, e.created_at
               from employees e ${where.sql} limit ${BOUND + 1}) m
         order by m.id limit $${n + 1} offset $${n + 2}
       ) page_ids on page_ids.id = e.id
       order by e.id`,
      [...where.params, size, offset],
    )
    const total = rows[0]?.total
    if (total !== undefined && total <= BOUND) return answer(rows, total, true)
    beyondBound = total !== undefined
  }
  const { rows } = await query(
    `select ${columns} from employees e ${joins}
     where e.id in (select e.id from employees e ${where.sql} order by e.id limit $${n + 1} offset $${n + 2})
     order by e.id`,
    [...where.params, size, offset],
  )
  if ((rows.length > 0 && rows.length < size) || (offset === 0 && rows.length === 0)) {
    return answer(rows, offset + rows.length, true)
  }
  if (rows.length === 0) {
    const counted = await boundedCount(where)
    return answer(rows, Math.min(counted, BOUND), counted <= BOUND)
  }
  if (estimated >= ESTIMATE_FROM) return answer(rows, estimated, false, true)
  const counted = beyondBound ? BOUND + 1 : await boundedCount(where)
  return answer(rows, Math.min(counted, BOUND), counted <= BOUND)
})

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' })
