import { MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { ApiError, apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'
import { leadingFields } from '~/upload.server'

/** A body no page of ours sends (no boundary, cut short, empty): a Spanish 400, nothing else. */
const malformed = () =>
  new Response(MESSAGES.malformedForm, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })

/**
 * 'Descargar Excel' of 'Conciliación SIRE': the same form (company, period, the proposal) goes to
 * the API as it arrives and its workbook comes back as a download, with or without JavaScript; a
 * refused form goes back to the page saying why.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const contentType = request.headers.get('Content-Type') ?? ''
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !boundary || !request.body)
    return malformed()
  // The page sends the company and the period before the file: a body without either is not its form.
  const [toApi, toPeek] = request.body.tee()
  const fields = await leadingFields(toPeek, boundary[1] ?? boundary[2])
  if (!('companyId' in fields) && !('period' in fields)) {
    await toApi.cancel().catch(() => undefined)
    return malformed()
  }
  try {
    return await apiDownload(request, '/sire/reconciliations', {
      method: 'POST',
      body: toApi,
      contentType,
      query: { format: 'xlsx' },
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(request, '/pagos/sire', { type: 'error', message: error.messages.join(' ') })
  }
}
