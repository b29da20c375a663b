import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { downloadWhenReady } from '~/receipts-download.server'

/** The files of a payments upload, passed through from the API with their names. */
const FILES: Record<string, string> = {
  /** 'Descargar constancias': every receipt in one stamped PDF, in the order of the Excel. */
  constancias: 'receipts',
  excel: 'file',
  observaciones: 'errors/xlsx',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id)
  const path = FILES[params.archivo ?? '']
  if (!path) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, ['planillas_abonos', 'pagos_abonos_lista'])
  const download = () => apiDownload(request, `/payment-batches/${id}/${path}`)
  if (params.archivo === 'constancias')
    return await downloadWhenReady(id, download, { signal: request.signal })
  return await download()
}
