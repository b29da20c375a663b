import type { Option } from '@planillas/domain'
import { SEARCH_TOO_LONG } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { requireUser } from '~/auth.server'
import { districtSearchTooLong, searchDistricts } from '~/districts.server'

/**
 * Districts matching `search` (JSON): the district combobox asks this as the user types (its
 * input stops at the API's length, so only a hand-made address gets the 400).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Option[]> {
  await requireUser(request)
  const search = new URL(request.url).searchParams.get('search') ?? ''
  // A Response, not `data()`: a resource route's thrown `data()` reaches the browser as an English 'Unexpected Server Error'.
  if (districtSearchTooLong(search)) throw Response.json({ messages: [SEARCH_TOO_LONG] }, { status: 400 })
  return searchDistricts(request, search)
}
