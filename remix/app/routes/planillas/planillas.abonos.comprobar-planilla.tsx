import { PAYMENT_LIMITS } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'

/**
 * Whether a payments upload could name this payroll (JSON, no page): the upload form asks it with
 * JavaScript when it holds the files back for other problems, so that the unknown payroll number
 * shows with them, as it does without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ problem: string | null }> {
  await requirePermission(request, 'planillas_abonos')
  const number = new URL(request.url).searchParams.get('numero')?.trim() ?? ''
  // An empty or too long number has its own message from the form's checks.
  if (!number || number.length > PAYMENT_LIMITS.payrollNumberMax) return { problem: null }
  try {
    return await call(request, 'GET /payment-batches/payroll-check', { query: { number } })
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { problem: null }
    throw error
  }
}
