import type { Option } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { requirePermission } from '~/auth.server'
import { searchEmployees } from '~/routes/colaboradores/+shared/employee-search.server'

/**
 * Employees matching `search` (JSON), for the forms that choose one by search as the user types:
 * the contract's employee and the vacancy's requester.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Option[]> {
  await requirePermission(request, ['contratos_edicion', 'vacantes_edicion'])
  return searchEmployees(request, new URL(request.url).searchParams.get('search') ?? '')
}
