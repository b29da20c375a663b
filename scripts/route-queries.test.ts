import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * An API route plugin answers HTTP; what it reads and writes is its module's queries or service
 * (docs/conventions.md). So no file of `api/src/modules/` that declares a route plugin (it takes a
 * `FastifyInstance`), whatever its name, builds a query: no Drizzle
 * `.from(table)`, `.values(…)`, `.set(…)`, `.returning(…)` and no `db.execute(…)`, except the
 * health check's `select 1`, which is the probe itself.
 */
const HEALTH_PROBE = 'execute(sql`select 1`)'

/** The query-building calls in a source text, as 'line: text'. */
function queriesIn(source: string): string[] {
  const builder =
    /(?<!\b(?:Array|Buffer|Readable|Object))\.from\(\s*[a-z]\w*\s*\)|\.values\(|\.set\(\s*\{|\.returning\(|\.execute\(/
  return source
    .split('\n')
    .flatMap((line, i) =>
      builder.test(line) && !line.includes(HEALTH_PROBE) ? [`${i + 1}: ${line.trim()}`] : [],
    )
}

const routeFiles = projectFiles()
  .filter((f) => /^api\/src\/modules\/.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
  .filter((f) => readFileSync(path.join(ROOT, f), 'utf8').includes('FastifyInstance'))

describe('queries stay out of the route plugins', () => {
  it('finds a query written in a handler, and not an Array.from or a service call', () => {
    const handler = [
      'const [batch] = await fastify.db',
      '  .select({ source: paymentBatches.source })',
      '  .from(paymentBatches)',
      'await app.db.update(payrolls).set({ status: 2 })',
      'await tx.insert(auditLogs).values(entry).returning({ id: auditLogs.id })',
      'await app.db.execute(sql`select count(*) from employees`)',
    ].join('\n')
    expect(queriesIn(handler)).toEqual([
      '3: .from(paymentBatches)',
      '4: await app.db.update(payrolls).set({ status: 2 })',
      '5: await tx.insert(auditLogs).values(entry).returning({ id: auditLogs.id })',
      '6: await app.db.execute(sql`select count(*) from employees`)',
    ])
    const clean = [
      'const ids = Array.from(new Set(list))',
      'const body = Buffer.from(bytes)',
      'await saves.update(context(req.user.email), req.params.id, req.body.description)',
      'const batch = await q.batchSource(fastify.db, id)',
      'outcome(app.db.execute(sql`select 1`)),',
    ].join('\n')
    expect(queriesIn(clean)).toEqual([])
  })

  it('holds for every file of the API modules that declares routes', () => {
    expect(routeFiles.length).toBeGreaterThan(20)
    const found = routeFiles.flatMap((file) =>
      queriesIn(readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`),
    )
    expect(found).toEqual([])
  })
})
