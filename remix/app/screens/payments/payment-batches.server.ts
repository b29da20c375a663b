import { apiDownload, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { downloadWhenReady } from '~/receipts-download.server'
import { orBackToList } from '~/record.server'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import type { PaymentBatchPlace } from './payment-batches'

/** A payments upload and a page of its observations, for either place's observations page. */
export async function loadPaymentObservations(
  request: Request,
  id: string | undefined,
  place: PaymentBatchPlace,
) {
  const batchId = idParam(id)
  await requirePermission(request, place.permission)
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, issues] = await orBackToList(request, place.base, () =>
    Promise.all([
      call(request, 'GET /payment-batches/:id', { params: { id: batchId } }),
      call(request, 'GET /payment-batches/:id/errors', {
        params: { id: batchId },
        query: apiPageQuery(list),
      }),
    ]),
  )
  return { batch, issues, list }
}

/** The files of a payments upload, passed through from the API with their names. */
const FILES: Record<string, string> = {
  /** 'Descargar constancias': every receipt in one stamped PDF, in the order of the Excel. */
  constancias: 'receipts',
  excel: 'file',
  observaciones: 'errors/xlsx',
}

/** A payments upload's file ('constancias', 'excel', 'observaciones'), from either place. */
export async function downloadPaymentBatchFile(
  request: Request,
  params: { id?: string; archivo?: string },
  place: PaymentBatchPlace,
) {
  const id = idParam(params.id)
  const path = FILES[params.archivo ?? '']
  if (!path) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, place.permission)
  const download = () => apiDownload(request, `/payment-batches/${id}/${path}`)
  if (params.archivo === 'constancias')
    return await downloadWhenReady(id, download, {
      signal: request.signal,
      back: { href: place.base, label: place.title },
    })
  return await download()
}
