import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth.server'
import type { PickerOption } from '~/components/form/search-picker-field'
import { searchDistricts } from '~/screens/employees/districts.server'

/** Districts matching `search` (JSON): the district combobox asks this as the user types. */
export async function loader({ request }: LoaderFunctionArgs): Promise<PickerOption[]> {
  await requireUser(request)
  return searchDistricts(request, new URL(request.url).searchParams.get('search') ?? '')
}
