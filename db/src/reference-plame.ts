import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseCsv } from '@planillas/domain/csv'
import { sql } from 'drizzle-orm'
import type { Executor } from './executor'
import { plameConcepts } from './schema/index'

type ConceptRow = typeof plameConcepts.$inferInsert

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** PLAME table 22 as dated rows (db/reference/plame-concepts.csv); throws on a row that is not one. */
export function readPlameConcepts(folder: string): ConceptRow[] {
  const file = 'plame-concepts.csv'
  return parseCsv(readFileSync(path.join(folder, file), 'utf8')).map((r) => {
    const code = r.code.trim()
    const validFrom = r.valid_from.trim()
    const validTo = r.valid_to.trim() || null
    const kind = Number(r.kind)
    if (!/^\d{4}$/.test(code)) throw new Error(`${file}: código inválido '${code}'`)
    if (!DATE.test(validFrom) || (validTo !== null && !DATE.test(validTo)))
      throw new Error(`${file}: fechas inválidas en ${code}`)
    if (kind !== 1 && kind !== 2 && kind !== 3) throw new Error(`${file}: tipo inválido en ${code}`)
    return { code, validFrom, validTo, description: r.description.trim(), kind }
  })
}

/**
 * Upserts table 22 by (code, valid_from): a row's description, end and kind follow the file. No row
 * is deleted (a line imported under a code keeps its own copy of the description and kind anyway).
 */
export async function loadPlameConcepts(db: Executor, folder: string) {
  const rows = readPlameConcepts(folder)
  await db
    .insert(plameConcepts)
    .values(rows)
    .onConflictDoUpdate({
      target: [plameConcepts.code, plameConcepts.validFrom],
      set: {
        validTo: sql`excluded.valid_to`,
        description: sql`excluded.description`,
        kind: sql`excluded.kind`,
      },
      setWhere: sql`(${plameConcepts.validTo}, ${plameConcepts.description}, ${plameConcepts.kind})
        is distinct from (excluded.valid_to, excluded.description, excluded.kind)`,
    })
  return rows.length
}
