import { MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { ApiError, apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'

/**
 * 'Descargar Excel' of 'Conciliación SIRE': the same form (company, period, the proposal) goes to
 * the API as it arrives and its workbook comes back as a download, with or without JavaScript; a
 * refused form goes back to the page saying why.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const contentType = request.headers.get('Content-Type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body)
    return redirectWithToast(request, '/pagos/sire', { type: 'error', message: MESSAGES.malformedForm })
  try {
    return await apiDownload(request, '/sire/reconciliations', {
      method: 'POST',
      body: request.body,
      contentType,
      query: { format: 'xlsx' },
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(request, '/pagos/sire', { type: 'error', message: error.messages.join(' ') })
  }
}
