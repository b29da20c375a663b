import { employees } from '@planillas/db'
import type { EmployeeFilter } from '@planillas/domain'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { Bindings } from '../../lists/prepared'
import { employeeWhere } from './filters'

const dialect = new PgDialect({ casing: 'snake_case' })

/** The SQL of the list's `where` with its values bound as placeholders, and the shape it names. */
function compiled(filter: EmployeeFilter) {
  const bindings = new Bindings()
  const where = employeeWhere(filter, bindings.bind)
  return { shape: bindings.shape, sql: where ? dialect.sqlToQuery(where).sql : '', values: bindings.values }
}

// Every filter, alone and together, with values that differ: what can share a prepared statement.
const range = (from?: string, to?: string) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) })
const searches = ['', 'quispe', 'ana quispe', 'ana 12', '4000', 'ma ri', 'rosa maría flores', 'mamani x']
const filters: EmployeeFilter[] = []
for (const search of searches)
  for (const status of [undefined, 1, 2])
    for (const areaIds of [undefined, [], [1], [2, 3]])
      for (const companyId of [undefined, 1, 7])
        for (const contractInitiation of [undefined, range('2025-01-01'), range(undefined, '2025-12-31')])
          filters.push({
            search,
            status,
            areaIds,
            roleIds: status === 1 ? [4] : undefined,
            companyId,
            contractInitiation,
            contractFinish: companyId === 7 ? range('2025-01-01', '2026-01-01') : undefined,
          } as EmployeeFilter)

describe('the employee list prepared per shape', () => {
  it('builds one SQL text per shape: requests of the same shape share a statement', () => {
    const sqlOfShape = new Map<string, string>()
    for (const filter of filters) {
      const { shape, sql } = compiled(filter)
      const known = sqlOfShape.get(shape)
      if (known === undefined) sqlOfShape.set(shape, sql)
      else expect(sql, `${shape} (${JSON.stringify(filter)})`).toBe(known)
    }
    // Shapes differ where the SQL does: no two shapes build the same text.
    expect(new Set(sqlOfShape.values()).size).toBe(sqlOfShape.size)
    expect(sqlOfShape.size).toBeGreaterThan(50)
  })

  it('binds each value once, in the order of its placeholder', () => {
    const { sql, values } = compiled({ search: 'ana 12', status: 2, areaIds: [1, 2] } as EmployeeFilter)
    // A search word is bound as typed: the database folds it into its pattern (`search_pattern`).
    expect(values).toEqual({ p0: 'ana', p1: '12%', p2: 2, p3: [1, 2] })
    expect(sql).toContain(`"${employees.searchText.name}" like search_pattern($1)`)
    expect(sql).toContain(`"${employees.areaId.name}" = any($4)`)
  })
})
