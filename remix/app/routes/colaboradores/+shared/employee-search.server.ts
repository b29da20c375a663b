import type { Option } from '@planillas/domain'
import { call } from '~/api.server'
import { employeeOptionOf } from './employee-option'

/** Employees matching `search` (names or document number) as picker options. */
export async function searchEmployees(request: Request, search: string, limit = 20): Promise<Option[]> {
  if (!search.trim()) return []
  const rows = await call(request, 'GET /employees', {
    query: { search: search.trim(), limit },
  })
  return rows.flatMap((e) => employeeOptionOf(e) ?? [])
}
