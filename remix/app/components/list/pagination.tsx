import { Form, Link, useLocation } from 'react-router'
import { PAGE_SIZES, withParams } from '~/utils/list-params'
import { KeepParams } from './keep-params'
import { pageWindow, pagingSummary } from './paging-text'

/** What a page of an API list says of the whole list. */
type ListTotals = {
  totalElements: number
  totalPages: number
  /** false: the API did not count; totalElements is an estimate or a lower bound ('más de 10,000'). */
  totalIsExact?: boolean
  /** With totalIsExact false: totalElements is the planner's estimate ('unos 32,000'). */
  totalIsEstimate?: boolean
}

/** Page links and a page-size choice for the list `of` (an API page); shown only when the list has rows. */
export function Pagination({ page, size, of }: { page: number; size: number; of: ListTotals }) {
  const { totalElements, totalPages, totalIsExact = true, totalIsEstimate = false } = of
  const location = useLocation()
  if (totalElements === 0) return null
  const href = (p: number) => withParams(`${location.pathname}${location.search}`, { page: String(p) })
  const pages = pageWindow(page, totalPages, totalIsExact)
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        {pagingSummary(page, size, totalElements, totalIsExact, totalIsEstimate)}
      </p>
      <ul className="flex items-center gap-1 print:hidden">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={pageClass(false)} aria-label="Página anterior">
              ‹
            </Link>
          ) : (
            <span className={pageClass(false, true)} aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {pages.map((p, i) =>
          p === null ? (
            <li key={`gap-after-${pages[i - 1]}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                className={pageClass(p === page)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Página ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href(page + 1)} className={pageClass(false)} aria-label="Página siguiente">
              ›
            </Link>
          ) : (
            <span className={pageClass(false, true)} aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
      <Form method="get" className="flex items-center gap-2 print:hidden">
        <KeepParams except={['size', 'page']} />
        <label htmlFor="page-size" className="text-slate-600">
          Filas por página
        </label>
        <select
          id="page-size"
          name="size"
          defaultValue={String(size)}
          className="rounded border border-slate-300 bg-white px-2 py-1"
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded border border-slate-300 bg-white px-2 py-1">
            Ver
          </button>
        </noscript>
      </Form>
    </nav>
  )
}

const pageClass = (current: boolean, disabled = false) =>
  `inline-flex min-w-8 justify-center rounded px-2 py-1 ${current ? 'bg-primary-dark text-white' : disabled ? 'text-slate-300' : 'text-primary-dark hover:bg-primary-light'}`
