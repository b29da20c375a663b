import type { LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, api } from '~/api.server'
import { requirePermission } from '~/auth.server'

export type DniLookup = {
  source: 'EMPLOYEE' | 'APPLICANT' | 'EXTERNAL' | null
  alreadyExists: boolean
  employeeId: number | null
  name: string | null
  surname: string | null
}

/** The DNI look-up the employee form calls when the 8th digit is typed (JSON, no page). */
export async function loader({
  request,
  params,
}: LoaderFunctionArgs): Promise<DniLookup | { error: string }> {
  await requirePermission(request, ['colaboradores_edicion', 'colaboradores_lista'])
  try {
    return await api<DniLookup>(request, `/employees/dni/${encodeURIComponent(params.dni ?? '')}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { error: error.messages[0] }
    throw error
  }
}
