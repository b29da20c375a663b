import { formatDateTime } from '@planillas/domain'
import type { ReactNode } from 'react'
import type { Column } from '~/components/list/column'
import { type LoadedList, ResourceList } from '~/components/list/resource-list'
import {
  BatchActions,
  BatchStateCell,
  UploadBatchesIntro,
  UploadedBy,
} from '~/components/list/upload-batches'

type UploadRow = {
  id: number
  status: number
  progress: number
  errorCount: number
  uploadDate: string
  file: { name: string }
  createdBy: string | null
}

/**
 * The list of an upload kind whose batches are files uploaded and processed as a whole (comprobantes,
 * constancias): upload date, file, the kind's own columns, uploader and state; searched by file or
 * uploader and filtered by state (its filter is declared with the others in `list-filters.server.ts`). The kind gives its words, what a PROCESADO batch did, and where
 * the file and the problems of a batch are.
 */
export function UploadBatchList<T extends UploadRow>({
  list,
  title,
  addTo,
  addLabel,
  caption,
  result,
  intro,
  columns = [],
  processed,
  href,
  errorsLabel,
}: {
  list: LoadedList<T> & { canEdit: boolean }
  title: string
  addTo: string
  addLabel: string
  caption: string
  /** The finished batch's result the page says after an upload. */
  result: (row: T) => string
  /** What the page says above the table. */
  intro: ReactNode
  /** The kind's own columns, after the file's. */
  columns?: Column<T>[]
  /** What a PROCESADO batch did ('3 comprobantes'). */
  processed: (row: T) => ReactNode
  /** The batch's file download and problems page. */
  href: (row: T) => { file: string; errors: string }
  errorsLabel?: (row: T) => string
}) {
  return (
    <ResourceList
      list={list}
      title={title}
      addTo={list.canEdit ? addTo : undefined}
      addLabel={addLabel}
      searchPlaceholder="Buscar por nombre de archivo o usuario"
      caption={caption}
      before={
        <UploadBatchesIntro rows={list.page.content} result={result}>
          {intro}
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
        ...columns,
        {
          header: 'Cargado por',
          sort: 'createdBy',
          cell: (r) => <UploadedBy email={r.createdBy} />,
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <BatchStateCell batch={r} processed={processed(r)} />,
        },
      ]}
      actions={(r) => (
        <BatchActions
          fileHref={href(r).file}
          errorsHref={href(r).errors}
          errorCount={r.errorCount}
          errorsLabel={errorsLabel?.(r)}
        />
      )}
    />
  )
}
