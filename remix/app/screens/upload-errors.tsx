import {
  batchStatus,
  enumLabel,
  formatCount,
  formatDateTime,
  type PayrollBatchError,
} from '@planillas/domain'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { Pagination } from '~/components/list/pagination'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import type { ListParams } from '~/utils/list-params'

/** What every upload kind's batch says of itself on its errors page. */
type RefusedBatch = {
  id: number
  file: { name: string }
  uploadDate: string
  status: number
  rowsRead: number
  errorCount: number
}

type ErrorsPage = {
  content: PayrollBatchError[]
  totalElements: number
  totalPages: number
  totalIsExact?: boolean
  totalIsEstimate?: boolean
}

/**
 * 'Ver errores' of any upload kind (payroll lines, vouchers, …): why its file was refused, row by
 * row, with the whole list as a workbook at `${listPath}/${id}/errores.xlsx`. A kind gives what
 * identifies its batch (`about`: the payroll and period, the company) and what was not saved.
 */
export function UploadErrorsPage(props: {
  title: string
  listPath: string
  batch: RefusedBatch
  about: { label: string; value: string }[]
  nothingSaved: string
  errors: ErrorsPage
  list: ListParams
}) {
  const { batch, errors, list } = props
  return (
    <FormPage title={props.title}>
      <DetailCard
        title={batch.file.name}
        items={[
          ...props.about,
          { label: 'Fecha de carga', value: formatDateTime(batch.uploadDate) },
          { label: 'Estado', value: enumLabel(batchStatus, batch.status) },
          { label: 'Filas leídas', value: formatCount(batch.rowsRead) },
          { label: 'Errores', value: formatCount(batch.errorCount) },
        ]}
      />
      <p className="text-sm text-slate-700">
        {props.nothingSaved} Corrija las filas indicadas y vuelva a cargarlo.
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
      <Pagination page={list.page} size={list.size} of={errors} />
      <div className="flex justify-end gap-2">
        <BackToList to={props.listPath} />
        <a href={`${props.listPath}/${batch.id}/errores.xlsx`} className={buttonClass('primary')} download>
          Descargar errores
        </a>
      </div>
    </FormPage>
  )
}
