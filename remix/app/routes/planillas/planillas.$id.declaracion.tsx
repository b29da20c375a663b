import { DeclarationFileParamsSchema, DeclarationFileQuerySchema } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { ApiError, apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { redirectWithToast } from '~/session.server'

/**
 * 'Archivos para declarar' on a payroll's details: PLAME's .rem or .jor, or the AFPnet sheet, for
 * the company chosen (a plain GET form: with or without JavaScript the browser downloads the file).
 * A bad choice or a file that cannot be written goes back to the details saying why, line by line.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_descarga_excel')
  const id = idParam(params.id)
  const search = new URL(request.url).searchParams
  const back = `/planillas/${id}/detalles`
  const kind = DeclarationFileParamsSchema.shape.kind.safeParse(search.get('archivo'))
  const query = DeclarationFileQuerySchema.safeParse({ companyId: search.get('empresa') ?? '' })
  if (!kind.success || !query.success) {
    const message = !query.success ? query.error.issues[0]?.message : kind.error?.issues[0]?.message
    return redirectWithToast(request, back, { type: 'error', message: message ?? 'Elija el archivo' })
  }
  try {
    return await apiDownload(request, `/payroll/${id}/files/${kind.data}`, {
      query: { companyId: query.data.companyId },
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(request, back, { type: 'error', message: error.messages.join('. ') })
  }
}
