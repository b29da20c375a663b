import type { Option } from '@planillas/domain'
import { SEARCH_MAX_LENGTH } from '@planillas/domain'
import { call } from '~/api.server'

/** Whether a district search is longer than the API takes (no district's name is that long). */
export const districtSearchTooLong = (search: string) => search.trim().length > SEARCH_MAX_LENGTH

/**
 * Districts matching `search` as picker options ('MIRAFLORES — LIMA / LIMA'). A search longer
 * than any district matches none: it is not sent to the API, which would refuse it.
 */
export async function searchDistricts(request: Request, search: string, limit = 20): Promise<Option[]> {
  if (!search.trim() || districtSearchTooLong(search)) return []
  const districts = await call(request, 'GET /ubigeos/districts', {
    query: { search: search.trim(), limit },
  })
  return districts.map((d) => ({ value: d.id, label: d.description }))
}

/** The option of one district code (to show the chosen one again after a failed save). */
export async function districtOption(
  request: Request,
  code: FormDataEntryValue | null,
): Promise<Option | null> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return null
  try {
    const d = await call(request, 'GET /ubigeos/districts/:code', { params: { code } })
    return { value: d.id, label: d.description }
  } catch {
    return null
  }
}
