import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'

const KINDS = new Set(['pdf', 'xml', 'sustento'])

/** A voucher's PDF, its XML or the evidence of its cancellation, with the name it was uploaded with. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_lista_lista')
  const id = idParam(params.paymentId)
  if (!KINDS.has(params.kind ?? '')) throw new Response('No encontrado', { status: 404 })
  return apiDownload(request, `/payments/${id}/files/${params.kind}`)
}
