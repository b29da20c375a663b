import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { UploadErrorsPage } from '~/screens/upload-errors'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Errores de la carga de comprobantes')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, errors] = await orBackToList(request, '/pagos/carga', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /voucher-batches/:id', { params: { id } }),
      call(request, 'GET /voucher-batches/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ])
  })
  return { batch, errors, list }
}

/** 'Ver errores': why a vouchers file was refused, row by row; none of its vouchers was registered. */
export default function VoucherBatchErrors() {
  const { batch, errors, list } = useLoaderData<typeof loader>()
  return (
    <UploadErrorsPage
      title="Errores de la carga de comprobantes"
      listPath="/pagos/carga"
      batch={batch}
      about={[{ label: 'Empresa', value: batch.companyName }]}
      nothingSaved="No se registró ningún comprobante de este archivo."
      errors={errors}
      list={list}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
