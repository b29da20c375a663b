import { formatCount } from '@planillas/domain'
import { Form, Link, useLocation } from '@remix-run/react'
import { PAGE_SIZES, withParams } from '~/utils/list-params'
import { KeepParams } from './keep-params'

/** Page links and a page-size choice; shown only when the list has rows (SPEC §2). */
export function Pagination({
  page,
  size,
  totalElements,
  totalPages,
}: {
  page: number
  size: number
  totalElements: number
  totalPages: number
}) {
  const location = useLocation()
  if (totalElements === 0) return null
  const href = (p: number) => withParams(`${location.pathname}${location.search}`, { page: String(p) })
  const first = (page - 1) * size + 1
  const last = Math.min(page * size, totalElements)
  const pages = pageWindow(page, totalPages)
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        Mostrando {formatCount(first)}–{formatCount(last)} de {formatCount(totalElements)}
      </p>
      <ul className="flex items-center gap-1">
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
      <Form method="get" className="flex items-center gap-2">
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

/** 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages: (number | null)[] = []
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 2) pages.push(p)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}
