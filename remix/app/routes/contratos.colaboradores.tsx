import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth.server'
import type { PickerOption } from '~/components/form/search-picker-field'
import { searchEmployees } from '~/screens/contracts/employees.server'

/** Employees matching `search` (JSON): the contract form's employee combobox asks this as the user types. */
export async function loader({ request }: LoaderFunctionArgs): Promise<PickerOption[]> {
  await requirePermission(request, 'contratos_edicion')
  return searchEmployees(request, new URL(request.url).searchParams.get('search') ?? '')
}
