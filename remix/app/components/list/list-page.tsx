import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ButtonLink, buttonClass } from '../ui/button'

export type ListPageProps = {
  title: string
  /** Where 'Agregar' goes; omitted when the user may not add. */
  addTo?: string
  /** The add button's text where a screen names it otherwise ('Cargar' on the upload lists). */
  addLabel?: string
  /** The file download of the current filter; omitted where the list has none or the user may not. */
  downloadHref?: string
  search?: ReactNode
  filters?: ReactNode
  chips?: ReactNode
  children: ReactNode
}

/** A list screen: title, Filtrar, Recargar, Descargar, search, Agregar, chips, then the table. */
export function ListPage({
  title,
  addTo,
  addLabel = 'Agregar',
  downloadHref,
  search,
  filters,
  chips,
  children,
}: ListPageProps) {
  const location = useLocation()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <a href={`${location.pathname}${location.search}`} className={buttonClass('secondary')}>
            Recargar
          </a>
          {downloadHref ? (
            <a href={downloadHref} className={buttonClass('secondary')} download>
              Descargar
            </a>
          ) : null}
          {addTo ? (
            <ButtonLink to={addTo} variant="primary">
              {addLabel}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {filters}
        <div className="w-full sm:w-auto sm:min-w-60 sm:flex-1">{search}</div>
      </div>
      {chips}
      {children}
    </section>
  )
}
