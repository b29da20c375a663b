import { BATCH_STATUS, countOf, formatDateTime } from '@planillas/domain'
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
import { constanciaUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargas de constancias')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'pagos-constancias')
}

/** 'Cargas de constancias': SUNAT's files imported, their progress and what each recorded. */
export default function ConstanciaBatchList() {
  const list = useLoaderData<typeof loader>()
  return (
    <ResourceList
      list={list}
      title="Cargas de constancias"
      addTo={list.canEdit ? '/pagos/detracciones/importar' : undefined}
      addLabel="Importar constancias"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      caption="Archivos de constancias de SUNAT cargados"
      before={
        <UploadBatchesIntro rows={list.page.content} result={constanciaUploadResult}>
          <p className="text-sm text-slate-700">
            <a href="/pagos/detracciones" className="font-medium underline">
              Volver a Detracciones
            </a>{' '}
            · Cada carga lista las filas que no registró, con su motivo.
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
        {
          header: 'Cargado por',
          sort: 'createdBy',
          cell: (r) => <UploadedBy email={r.createdBy} />,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => (
            <BatchStateCell
              batch={r}
              processed={`${countOf(r.matchedCount, 'depósito registrado', 'depósitos registrados')} · ${countOf(r.errorCount, 'fila sin registrar', 'filas sin registrar')}`}
            />
          ),
        },
      ]}
      actions={(r) => (
        <BatchActions
          fileHref={`/pagos/detracciones/constancias/${r.id}/archivo`}
          errorsHref={`/pagos/detracciones/constancias/${r.id}`}
          errorCount={r.errorCount}
          errorsLabel={r.status === BATCH_STATUS.FAILED ? 'Ver errores' : 'Ver sin registrar'}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
