import type { EnumTable, PageResponse } from '@planillas/domain'
import type { ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { type ListParams, withParams } from '~/utils/list-params'
import { RETURN_PARAM } from '~/utils/list-return'
import { FormErrors } from '../form/form-layout'
import { buttonClass } from '../ui/button'
import { SelectionForm } from './bulk-status'
import type { Column } from './column'
import { DataTable } from './data-table'
import type { Chip } from './filter-chips'
import { FilterChips } from './filter-chips'
import { FilterButton } from './filter-panel'
import { ListPage, type ListPageProps } from './list-page'
import { Pagination } from './pagination'
import { SearchBar } from './search-bar'

/** Query keys that page or order a list without narrowing it (`desde`: where 'Volver' goes). */
const PAGING_KEYS = new Set(['page', 'size', 'sort', RETURN_PARAM])

/** What `loadList` answers, as a list screen reads it. */
export type LoadedList<T> = {
  page: PageResponse<T>
  params: ListParams
  error: string | null
  downloadHref?: string
  selectionDownloadPath?: string
  /** 'Filtrar' of a list that has filters: its link and the chips in force (`listFilterState`). */
  filters?: { href: string; chips: Chip[] }
}

/**
 * A list screen over one API resource: the page of rows loaded by
 * `loadList`, its search, 'Filtrar' and the chips of the filters in force (declared per list in
 * `list-filters.server.ts`), the table with the row actions and the paging. A screen declares only
 * what is its own.
 */
export function ResourceList<T extends object>({
  list,
  rowKey = (row) => (row as { id: number }).id,
  title,
  caption = title,
  addTo,
  addLabel,
  searchPlaceholder,
  columns,
  actions,
  before,
  totals,
  selectable,
  bulkStatus,
  actionsWidth,
}: Pick<ListPageProps, 'title' | 'addTo' | 'addLabel'> & {
  list: LoadedList<T>
  /** The row's key: its numeric `id` unless the resource is keyed otherwise (banks: their code). */
  rowKey?: (row: T) => string | number
  /** The table's name for screen readers, when it is not the title. */
  caption?: string
  searchPlaceholder: string
  columns: Column<T>[]
  actions?: (row: T) => ReactNode
  /** Shown above the table (an auto-refresh while a batch runs, say). */
  before?: ReactNode
  /** The filtered list's totals by column header, as the API summed them over every page. */
  totals?: Partial<Record<string, ReactNode>>
  /**
   * Rows can be ticked, each checkbox named so: for 'Descargar selección' where the list has a
   * download, and for `bulkStatus`. No checkboxes where neither is offered.
   */
  selectable?: (row: T) => string
  /** 'Cambiar estado de los seleccionados': the status route's resource and the statuses offered. */
  bulkStatus?: { resource: string; statuses: EnumTable }
  /** The 'Opciones' column's width, where its links are long ('Descargar constancias'). */
  actionsWidth?: string
}) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const filters = list.filters
  const { page } = list
  const beyondEnd = page.content.length === 0 && page.totalElements > 0
  const narrowed = [...searchParams.keys()].some((key) => !PAGING_KEYS.has(key))
  const selection =
    selectable && page.content.length && !list.error && (bulkStatus || list.selectionDownloadPath)
      ? selectable
      : undefined
  return (
    <ListPage
      title={title}
      addTo={addTo}
      addLabel={addLabel}
      downloadHref={list.downloadHref}
      search={<SearchBar placeholder={searchPlaceholder} value={list.params.search} />}
      filters={filters ? <FilterButton href={filters.href} active={filters.chips.length} /> : undefined}
      chips={filters ? <FilterChips chips={filters.chips} /> : undefined}
    >
      {before}
      {selection ? (
        <SelectionForm
          resource={bulkStatus?.resource ?? ''}
          statuses={bulkStatus?.statuses}
          downloadPath={list.selectionDownloadPath}
        />
      ) : null}
      {/* A filter the API refused says only why: no empty table, no paging of nothing. */}
      <FormErrors errors={list.error ? [list.error] : undefined} />
      {list.error ? null : (
        <>
          <DataTable
            caption={caption}
            rows={list.page.content}
            rowKey={rowKey}
            columns={columns}
            actions={actions}
            totals={totals}
            selectable={selection}
            actionsWidth={actionsWidth}
            emptyMessage={beyondEnd ? `La página ${list.params.page} no existe en esta lista.` : undefined}
            emptyAction={
              beyondEnd ? (
                <Link
                  className={buttonClass('secondary')}
                  to={withParams(`${location.pathname}${location.search}`, { page: String(page.totalPages) })}
                >
                  Ir a la última página
                </Link>
              ) : narrowed ? (
                <Link className={buttonClass('secondary')} to={location.pathname}>
                  Limpiar filtros
                </Link>
              ) : null
            }
          />
          {beyondEnd ? null : <Pagination page={list.params.page} size={list.params.size} of={page} />}
        </>
      )}
    </ListPage>
  )
}
