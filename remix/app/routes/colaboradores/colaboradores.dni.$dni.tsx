import type { DniLookup } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'

/** The DNI look-up the employee form calls when the 8th digit is typed (JSON, no page). */
export async function loader({
  request,
  params,
}: LoaderFunctionArgs): Promise<DniLookup | { error: string }> {
  await requirePermission(request, ['colaboradores_edicion', 'colaboradores_lista'])
  try {
    return await call(request, 'GET /employees/dni/:dni', { params: { dni: params.dni ?? '' } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { error: error.messages[0] }
    throw error
  }
}
