import type { Option } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { requirePermission } from '~/auth.server'
import { searchCreditable } from '~/routes/pagos/+shared/vouchers/voucher-search.server'

/** Vouchers matching `search` (JSON), for the nota de crédito's 'Comprobante que modifica'. */
export async function loader({ request }: LoaderFunctionArgs): Promise<Option[]> {
  await requirePermission(request, 'pagos_registrar')
  return searchCreditable(request, new URL(request.url).searchParams.get('search') ?? '')
}
