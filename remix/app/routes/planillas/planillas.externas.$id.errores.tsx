import { batchStatus, enumLabel, formatCount, formatDateTime, periodLabel } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { Pagination } from '~/components/list/pagination'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Errores de la carga')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_carga')
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, errors] = await orBackToList(request, '/planillas/externas', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /payroll-batch/:id', { params: { id } }),
      call(request, 'GET /payroll-batch/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ])
  })
  return { batch, errors, list }
}

/** 'Ver errores': why a payroll file was refused, row by row; nothing of it was saved. */
export default function PayrollBatchErrors() {
  const { batch, errors, list } = useLoaderData<typeof loader>()
  return (
    <FormPage title="Errores de la carga">
      <DetailCard
        title={batch.file.name}
        items={[
          { label: 'Planilla', value: `${batch.code} — ${batch.name}` },
          { label: 'Periodo', value: periodLabel(batch.period) },
          { label: 'Fecha de carga', value: formatDateTime(batch.uploadDate) },
          { label: 'Estado', value: enumLabel(batchStatus, batch.status) },
          { label: 'Filas leídas', value: formatCount(batch.rowsRead) },
          { label: 'Errores', value: formatCount(batch.errorCount) },
        ]}
      />
      <p className="text-sm text-slate-700">
        No se guardó ninguna línea de este archivo. Corrija las filas indicadas y vuelva a cargarlo.
      </p>
      <DataTable
        caption="Errores por fila"
        rows={errors.content}
        rowKey={(e) => `${e.rowNumber}-${e.column}-${e.message}`}
        columns={[
          { header: 'Fila', cell: (e) => e.rowNumber ?? '---', mobile: 'title' },
          { header: 'Columna', cell: (e) => e.column ?? '---' },
          { header: 'Valor', cell: (e) => e.value ?? '---', className: 'max-w-48 truncate' },
          { header: 'Error', cell: (e) => e.message, mobile: 'title' },
        ]}
      />
      <Pagination
        page={list.page}
        size={list.size}
        totalElements={errors.totalElements}
        totalPages={errors.totalPages}
        totalIsExact={errors.totalIsExact}
        totalIsEstimate={errors.totalIsEstimate}
      />
      <div className="flex justify-end gap-2">
        <BackToList to="/planillas/externas" />
        <a href={`/planillas/externas/${batch.id}/errores.xlsx`} className={buttonClass('primary')} download>
          Descargar errores
        </a>
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
