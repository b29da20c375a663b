import { FourthCategoryQuerySchema } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { ApiError, apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'

/**
 * One of the month's PLAME files (.ps4 or .4ta) chosen on 'Retenciones de cuarta categoría'; a bad
 * month or a file that cannot be written goes back there saying why.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const search = new URL(request.url).searchParams
  const back = `/pagos/retenciones/cuarta?${search.toString()}`
  const kind = params.archivo
  const parsed = FourthCategoryQuerySchema.safeParse({
    companyId: search.get('empresa') ?? '',
    period: search.get('periodo') ?? '',
  })
  if (kind !== 'ps4' && kind !== '4ta') throw new Response('No encontrado', { status: 404 })
  if (!parsed.success)
    return redirectWithToast(request, back, {
      type: 'error',
      message: parsed.error.issues[0]?.message ?? 'El periodo debe ser AAAAMM',
    })
  try {
    return await apiDownload(request, `/retentions/fourth-category/files/${kind}`, {
      query: { companyId: parsed.data.companyId, period: parsed.data.period },
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(request, back, { type: 'error', message: error.messages.join('. ') })
  }
}
