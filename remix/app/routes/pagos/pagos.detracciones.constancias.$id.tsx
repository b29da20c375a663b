import {
  BATCH_STATUS,
  batchStatus,
  enumLabel,
  formatCents,
  formatCount,
  formatDateTime,
  isBatchRunning,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { BackToList } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { Pagination } from '~/components/list/pagination'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de constancias')

const LIST = '/pagos/detracciones/constancias'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  const list = readListParams(new URL(request.url).searchParams)
  const [batch, problems] = await orBackToList(request, LIST, () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /constancia-batches/:id', { params: { id } }),
      call(request, 'GET /constancia-batches/:id/errors', { params: { id }, query: apiPageQuery(list) }),
    ])
  })
  return { batch, problems, list }
}

/**
 * One load of SUNAT's constancias: its state (live while it runs) and, once it ends, every row not
 * recorded with its reason, or the problems that refused the file; the whole list as a workbook.
 */
export default function ConstanciaBatch() {
  const { batch, problems, list } = useLoaderData<typeof loader>()
  const running = isBatchRunning(batch.status)
  const failed = batch.status === BATCH_STATUS.FAILED
  return (
    <FormPage title="Carga de constancias">
      <AutoRefresh active={running} />
      <DetailCard
        title={batch.file.name}
        items={[
          { label: 'Fecha de carga', value: formatDateTime(batch.uploadDate) },
          { label: 'Estado', value: enumLabel(batchStatus, batch.status) },
          { label: 'Filas leídas', value: formatCount(batch.rowsRead) },
          ...(failed
            ? [{ label: 'Errores', value: formatCount(batch.errorCount) }]
            : [
                { label: 'Depósitos registrados', value: formatCount(batch.matchedCount) },
                { label: 'Filas sin registrar', value: formatCount(batch.errorCount) },
              ]),
        ]}
      />
      {running ? (
        <div role="status" className="flex flex-col gap-2 text-sm text-slate-700">
          <p>Se está procesando el archivo…</p>
          <ProgressBar value={batch.progress} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {failed
            ? 'No se registró ningún depósito de este archivo. Corrija las filas indicadas y vuelva a cargarlo.'
            : problems.totalElements
              ? 'Estas filas no se registraron; las demás quedaron depositadas.'
              : 'Se registraron todas las filas del archivo.'}
        </p>
      )}
      {running ? null : (
        <>
          <DataTable
            caption={failed ? 'Errores del archivo' : 'Filas sin registrar'}
            rows={problems.content}
            rowKey={(p) => `${p.rowNumber}-${p.constancia}-${p.message}`}
            columns={[
              { header: 'Fila', cell: (p) => p.rowNumber ?? '---', mobile: 'title' },
              ...(failed
                ? []
                : [
                    {
                      header: 'Constancia y comprobante',
                      cell: (p: (typeof problems.content)[number]) => (
                        <span className="flex flex-col">
                          <span className="break-all">{p.constancia}</span>
                          <span className="text-slate-600">
                            {p.supplierRuc} · {p.voucher} ·{' '}
                            {p.amountCents === null ? '---' : formatCents(p.amountCents)}
                          </span>
                        </span>
                      ),
                    },
                  ]),
              { header: failed ? 'Error' : 'Motivo', cell: (p) => p.message, mobile: 'title' },
            ]}
          />
          <Pagination page={list.page} size={list.size} of={problems} />
        </>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <BackToList to={LIST} />
        {!running && batch.errorCount > 0 ? (
          <a href={`${LIST}/${batch.id}/sin-registrar.xlsx`} className={buttonClass('primary')} download>
            {failed ? 'Descargar errores' : 'Descargar filas sin registrar'}
          </a>
        ) : null}
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
