import { withParams } from './list-params'
import { sameOriginPath } from './same-origin-path'

/**
 * The parameter that carries a list as the user left it (search, filters, page, sort) to the
 * record opened from it, so 'Volver' returns there instead of to page 1.
 */
export const RETURN_PARAM = 'desde'

/**
 * Where 'Volver' goes from a record of the list at `listPath`: the list as it was when `desde`
 * names that same list on this site, else the list itself. Anything else (another page, another
 * site) is ignored: the parameter comes from a URL anyone can write.
 */
export function listReturn(desde: string | null | undefined, listPath: string): string {
  const path = sameOriginPath(desde, listPath)
  return new URL(path, 'http://x').pathname === listPath ? path : listPath
}

/** `to` carrying `here` (the list's path and query, without a `desde` of its own) as `desde`. */
export function withReturn(to: string, here: { pathname: string; search: string }): string {
  const params = new URLSearchParams(here.search)
  params.delete(RETURN_PARAM)
  const query = params.toString()
  if (!query) return to
  return withParams(to, { [RETURN_PARAM]: `${here.pathname}?${query}` })
}
