import type { LoaderFunctionArgs } from 'react-router'
import { requirePermission } from '~/auth.server'
import { previewOf } from '~/routes/contratos/+shared/contract-form.server'

/**
 * JSON for the contract form with JavaScript: what the server computes for the values typed so
 * far. A loader (GET), so that asking does not make Remix reload the form's own data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'contratos_edicion')
  const params = new URL(request.url).searchParams
  const values = Object.fromEntries(params)
  return previewOf(request, values, Number(values.contractId) || null)
}
