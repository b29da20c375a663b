import type { RucLookup as Lookup } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The API's answer, or the message of a RUC it refused. */
export type RucLookup = Lookup | { error: string }

/** The RUC look-up the company form calls as the 11th digit is typed (JSON, no page). */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<RucLookup> {
  await requirePermission(request, 'empresas_edicion')
  try {
    return await call(request, 'GET /companies/ruc/:ruc', { params: { ruc: params.ruc ?? '' } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { error: error.messages[0] }
    throw error
  }
}
