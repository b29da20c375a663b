import { countOf, formatDateTime } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { ResourceList } from '~/components/list/resource-list'
import {
  BatchActions,
  BatchStateCell,
  UploadBatchesIntro,
  UploadedBy,
} from '~/components/list/upload-batches'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
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
    <ResourceList
      list={list}
      title="Carga de comprobantes"
      addTo={list.canEdit ? '/pagos/carga/nueva' : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      caption="Archivos de comprobantes cargados"
      before={
        <UploadBatchesIntro rows={list.page.content} result={voucherUploadResult}>
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
            · Los comprobantes cargados quedan REGISTRADOS con el PDF pendiente: adjúntelo en el detalle de
            cada uno antes de autorizarlo.
          </p>
        </UploadBatchesIntro>
      }
      columns={[
        {
          header: 'Fecha de carga',
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.uploadDate),
          mobile: 'title',
        },
        { header: 'Archivo', sort: 'fileName', cell: (r) => r.file.name, mobile: 'title' },
        { header: 'Empresa', cell: (r) => r.companyName },
        {
          header: 'Cargado por',
          sort: 'createdBy',
          cell: (r) => <UploadedBy email={r.createdBy} />,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <BatchStateCell batch={r} processed={countOf(r.voucherCount, 'comprobante')} />,
        },
      ]}
      actions={(r) => (
        <BatchActions
          fileHref={`/pagos/carga/${r.id}/archivo`}
          errorsHref={`/pagos/carga/${r.id}/errores`}
          errorCount={r.errorCount}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
