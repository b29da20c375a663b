import { readFileSync } from 'node:fs'
import path from 'node:path'
import { API_ENV } from '@planillas/api/config'
import { WEB_ENV } from '@planillas/remix/server/config'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { WORKER_ENV } from '../worker/src/config'
import { START_ENV } from './config'
import { IDP_ENV } from './dev-idp/config'

/**
 * The README's Configuration table against the processes' schemas: every variable a process reads
 * is in the table and every variable of the table is read by some process; where both the table
 * and a schema state a plain default, they agree.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const SCHEMAS: Record<string, z.ZodObject> = {
  api: API_ENV,
  worker: WORKER_ENV,
  web: WEB_ENV,
  'npm start': START_ENV,
  idp: IDP_ENV,
}
/** Read by the end-to-end tooling (playwright.config.ts), not by a process of the product. */
const TOOLING = ['E2E_PORT_BASE', 'E2E_WORKERS', 'CHROMIUM_PATH']

/** A variable of the table, with its line's 'Read by' cell (`line`: the table line it is on). */
type Row = { name: string; fallback: string; readBy: string; line: number }

/** The table's rows, one per variable ('`A` / `B`' rows give one each, with their own default). */
function tableRows(): Row[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Configuration'))
  const table = section.slice(0, section.indexOf('\n## ')).split('\n')
  const rows: Row[] = []
  for (const [index, line] of table.entries()) {
    if (!/^\| `/.test(line)) continue
    const [names, fallbacks, readBy] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim())
    const each = names.split(' / ').map((n) => n.replace(/`/g, ''))
    const defaults = fallbacks.split(' / ')
    for (const [i, name] of each.entries())
      rows.push({
        name,
        fallback: each.length === defaults.length ? defaults[i] : fallbacks,
        readBy,
        line: index,
      })
  }
  return rows
}

describe("the README's Configuration table", () => {
  const rows = tableRows()
  const documented = new Set(rows.map((r) => r.name))

  it('lists every variable a process reads', () => {
    expect(rows.length).toBeGreaterThan(40)
    for (const [process, schema] of Object.entries(SCHEMAS))
      for (const name of Object.keys(schema.shape))
        expect({ process, name, documented: documented.has(name) }).toEqual({
          process,
          name,
          documented: true,
        })
  })

  it('lists no variable that nothing reads', () => {
    const read = new Set(Object.values(SCHEMAS).flatMap((schema) => Object.keys(schema.shape)))
    const playwright = readFileSync(path.join(ROOT, 'playwright.config.ts'), 'utf8')
    for (const name of TOOLING) expect(playwright).toContain(`process.env.${name}`)
    for (const name of documented)
      expect({ name, read: read.has(name) || TOOLING.includes(name) }).toEqual({ name, read: true })
  })

  it('states the defaults the schemas take', () => {
    let compared = 0
    for (const { name, fallback } of rows) {
      const literal = /^`([^`$]+)`$/.exec(fallback)?.[1]
      if (!literal) continue
      for (const [process, schema] of Object.entries(SCHEMAS)) {
        if (!(name in schema.shape)) continue
        const taken = (schema.parse({}) as Record<string, unknown>)[name]
        if (taken === undefined) continue
        expect({ process, name, default: String(taken) }).toEqual({ process, name, default: literal })
        compared++
      }
    }
    expect(compared).toBeGreaterThan(20)
  })

  it("names in 'Read by' exactly the processes whose schemas read the row's variables", () => {
    const lines = new Map<number, Row[]>()
    for (const row of rows) lines.set(row.line, [...(lines.get(row.line) ?? []), row])
    let checked = 0
    for (const group of lines.values()) {
      if (group.some((row) => TOOLING.includes(row.name))) continue
      const names = group.map((row) => row.name)
      const reading = Object.entries(SCHEMAS)
        .filter(([, schema]) => names.some((name) => name in schema.shape))
        .map(([process]) => process)
      // 'api, worker, `npm start`, tests' or 'web / api / idp': the processes named, other words aside.
      const named = group[0].readBy
        .split(/[,/]/)
        .map((word) => word.trim().replace(/`/g, ''))
        .filter((word) => word in SCHEMAS)
      expect({ names, readBy: [...new Set(named)].sort() }).toEqual({ names, readBy: reading.sort() })
      checked++
    }
    expect(checked).toBeGreaterThan(40)
  })
})
