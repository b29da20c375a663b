import type { LoaderFunctionArgs } from 'react-router'
import { requirePermission } from '~/auth.server'
import type { PickerOption } from '~/components/form/search-picker-field'
import { searchCreditable } from '~/routes/pagos/+shared/vouchers/voucher-search.server'

/** Vouchers matching `search` (JSON), for the nota de crédito's 'Comprobante que modifica'. */
export async function loader({ request }: LoaderFunctionArgs): Promise<PickerOption[]> {
  await requirePermission(request, 'pagos_registrar')
  return searchCreditable(request, new URL(request.url).searchParams.get('search') ?? '')
}
