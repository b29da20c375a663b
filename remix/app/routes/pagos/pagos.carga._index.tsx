import { countOf } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { UploadBatchList } from '~/screens/upload-batch-list'
import { voucherUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de comprobantes')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'pagos-carga')
}

/** 'Carga de comprobantes': the uploaded voucher files and how their registration went. */
export default function VoucherBatchList() {
  const list = useLoaderData<typeof loader>()
  return (
    <UploadBatchList
      list={list}
      title="Carga de comprobantes"
      addTo="/pagos/carga/nueva"
      addLabel="Cargar"
      caption="Archivos de comprobantes cargados"
      result={voucherUploadResult}
      intro={
        <p className="text-sm text-slate-700">
          <a href="/pagos/carga/plantilla" download className="font-medium underline">
            Descargar plantilla
          </a>{' '}
          ·{' '}
          {list.canEdit ? (
            <>
              <a href="/pagos/carga/xml" className="font-medium underline">
                Cargar XML (ZIP)
              </a>{' '}
              ·{' '}
            </>
          ) : null}
          · Los comprobantes cargados quedan REGISTRADOS con el PDF pendiente: adjúntelo en el detalle de cada
          uno antes de autorizarlo.
        </p>
      }
      columns={[{ header: 'Empresa', cell: (r) => r.companyName }]}
      processed={(r) => countOf(r.voucherCount, 'comprobante')}
      href={(r) => ({ file: `/pagos/carga/${r.id}/archivo`, errors: `/pagos/carga/${r.id}/errores` })}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
