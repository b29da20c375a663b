import { BATCH_STATUS, countOf } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { UploadBatchList } from '~/screens/upload-batch-list'
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
    <UploadBatchList
      list={list}
      title="Cargas de constancias"
      addTo="/pagos/detracciones/importar"
      addLabel="Importar constancias"
      caption="Archivos de constancias de SUNAT cargados"
      result={constanciaUploadResult}
      intro={
        <p className="text-sm text-slate-700">
          <a href="/pagos/detracciones" className="font-medium underline">
            Volver a Detracciones
          </a>{' '}
          · Cada carga lista las filas que no registró, con su motivo.
        </p>
      }
      processed={(r) =>
        `${countOf(r.matchedCount, 'depósito registrado', 'depósitos registrados')} · ${countOf(r.errorCount, 'fila sin registrar', 'filas sin registrar')}`
      }
      href={(r) => ({
        file: `/pagos/detracciones/constancias/${r.id}/archivo`,
        errors: `/pagos/detracciones/constancias/${r.id}`,
      })}
      errorsLabel={(r) => (r.status === BATCH_STATUS.FAILED ? 'Ver errores' : 'Ver sin registrar')}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
