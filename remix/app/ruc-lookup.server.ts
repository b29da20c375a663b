import type { Permission } from '@planillas/domain'
import { ApiError, call } from './api.server'
import { requirePermission } from './auth.server'
import type { RucLookup } from './components/form/ruc-field'

/**
 * The loader of a form's RUC look-up route (JSON, no page): the API's answer for the RUC of the
 * URL, or the message of a RUC it refused (a bad check digit).
 */
export async function lookupRuc(
  request: Request,
  permission: Permission,
  endpoint: 'GET /companies/ruc/:ruc' | 'GET /suppliers/ruc/:ruc',
  ruc: string | undefined,
): Promise<RucLookup> {
  await requirePermission(request, permission)
  try {
    return await call(request, endpoint, { params: { ruc: ruc ?? '' } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { error: error.messages[0] }
    throw error
  }
}
