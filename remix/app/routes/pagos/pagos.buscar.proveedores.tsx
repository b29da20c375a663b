import type { Option } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { requirePermission } from '~/auth.server'
import { searchSuppliers } from '~/routes/pagos/+shared/vouchers/voucher-search.server'

/** Suppliers matching `search` (JSON), for the voucher form's supplier picker as the user types. */
export async function loader({ request }: LoaderFunctionArgs): Promise<Option[]> {
  await requirePermission(request, 'pagos_registrar')
  return searchSuppliers(request, new URL(request.url).searchParams.get('search') ?? '')
}
