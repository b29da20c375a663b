import { BATCH_STATUS, dayMonthYear, PADRON_LABEL } from '@planillas/domain'
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

export const meta = pageTitle('Errores de la carga del padrón')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'padrones_carga')
  const list = readListParams(new URL(request.url).searchParams)
  const [load, errors] = await orBackToList(request, '/padrones', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /padron-loads/:id', { params: { id } }),
      call(request, 'GET /padron-loads/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ])
  })
  return { load, errors, list }
}

/** 'Ver errores': the lines of a padrón that could not be read, or why the whole file was refused. */
export default function PadronLoadErrors() {
  const { load, errors, list } = useLoaderData<typeof loader>()
  return (
    <UploadErrorsPage
      title="Errores de la carga del padrón"
      listPath="/padrones"
      batch={load}
      about={[
        { label: 'Padrón', value: PADRON_LABEL[load.kind] },
        { label: 'Fecha del padrón', value: dayMonthYear(load.listDate) },
      ]}
      nothingSaved={
        load.status === BATCH_STATUS.FAILED
          ? 'No se cargó nada de este archivo: sigue vigente el padrón anterior.'
          : 'Se cargaron los demás RUC; estas líneas se omitieron (se muestran las primeras 200).'
      }
      errors={errors}
      list={list}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
