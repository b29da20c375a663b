import type { LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, api } from '~/api.server'
import { requirePermission } from '~/auth.server'

export type RucLookup =
  | { alreadyExists: boolean; name: string | null; address: string | null }
  | { error: string }

/** The RUC look-up the company form calls as the 11th digit is typed (JSON, no page). */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<RucLookup> {
  await requirePermission(request, 'empresas_edicion')
  try {
    return await api<RucLookup>(request, `/companies/ruc/${encodeURIComponent(params.ruc ?? '')}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { error: error.messages[0] }
    throw error
  }
}
