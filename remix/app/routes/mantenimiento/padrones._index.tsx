import { countOf, dayMonthYear, formatCount, formatDateTime, PADRON_LABEL } from '@planillas/domain'
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
import { padronUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Padrones de SUNAT')

export async function loader({ request }: LoaderFunctionArgs) {
  return loadList(request, 'padrones')
}

/** 'Padrones de SUNAT': each load of a padrón, its progress while it runs and what it left. */
export default function PadronLoadList() {
  const list = useLoaderData<typeof loader>()
  return (
    <ResourceList
      list={list}
      title="Padrones de SUNAT"
      addTo={list.canEdit ? '/padrones/cargar' : undefined}
      addLabel="Cargar padrón"
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      caption="Cargas de los padrones de SUNAT"
      before={
        <UploadBatchesIntro rows={list.page.content} result={padronUploadResult}>
          <p className="text-sm text-slate-700">
            Cargue el ZIP tal como lo descarga de SUNAT. El padrón reducido reemplaza el estado y la condición
            de cada RUC; cada lista reemplaza los periodos que dio la carga anterior de esa lista.
          </p>
        </UploadBatchesIntro>
      }
      columns={[
        { header: 'Padrón', cell: (r) => PADRON_LABEL[r.kind], mobile: 'title' },
        { header: 'Fecha del padrón', sort: 'listDate', cell: (r) => dayMonthYear(r.listDate) },
        { header: 'Fecha de carga', sort: 'createdAt', cell: (r) => formatDateTime(r.uploadDate) },
        { header: 'Archivo', cell: (r) => r.file.name },
        {
          header: 'Cargado por',
          cell: (r) => <UploadedBy email={r.createdBy} />,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => (
            <BatchStateCell
              batch={r}
              running={<span className="text-xs text-slate-600">{formatCount(r.rowsRead)} filas leídas</span>}
              processed={`${formatCount(r.rucCount)} RUC${r.errorCount ? ` · ${countOf(r.errorCount, 'línea')} omitidas` : ''}`}
            />
          ),
        },
      ]}
      actions={(r) => (
        <BatchActions
          fileHref={`/padrones/${r.id}/archivo`}
          errorsHref={`/padrones/${r.id}/errores`}
          errorCount={r.errorCount}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
