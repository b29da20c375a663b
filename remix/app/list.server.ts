import { type BodyOf, MESSAGES, type Permission, type ResponseOf } from '@planillas/domain'
import { redirect } from 'react-router'
import { ApiError, call } from './api.server'
import { requirePermission } from './auth.server'
import { listFilterState } from './list-filters.server'
import { LIST_RESOURCES, type ListEndpoint, type ListKey, type ListResource } from './list-resources'

type PageOf<K extends ListKey> = ResponseOf<(typeof LIST_RESOURCES)[K]['list']>

import { apiPageQuery, readListParams } from './utils/list-params'

/**
 * Everything a list loader needs: the guard, the page of rows for the URL's filter, and what the
 * user may do (edit, download). A bad filter (e.g. a reversed date range) or a search the API gave
 * up on (503, 'afine los filtros') shows its message above an empty list instead of failing the page.
 */
export async function loadList<K extends ListKey>(request: Request, resourceKey: K) {
  dropEmptyParams(request)
  const resource: ListResource = LIST_RESOURCES[resourceKey]
  const { user } = await requirePermission(request, resource.permission)
  const url = new URL(request.url)
  const params = readListParams(url.searchParams)
  const filter = resource.filter(url.searchParams)
  // The rows as the list's endpoint answers them (`K` picks the endpoint, so the page's type).
  let page = { content: [], totalElements: 0, totalPages: 0 } as PageOf<K>
  let error: string | null = null
  // Alongside the page's own call; awaited below (a failure then fails the page, never unhandled).
  const filters = listFilterState(request, resourceKey)
  filters.catch(() => undefined)
  try {
    // The filter is read from the page URL as typed; the API checks it (a 400 shows its message).
    const body = filter as BodyOf<ListEndpoint>
    page = (await call(request, resource.list, { body, query: apiPageQuery(params) })) as PageOf<K>
  } catch (e) {
    if (!(e instanceof ApiError) || !(e.status === 400 || isSearchTimeout(e))) throw e
    error = e.messages.join(' ')
  }
  const can = (permission?: Permission) => Boolean(permission && user.roles.includes(permission))
  const query = url.searchParams.toString()
  return {
    page,
    params,
    error,
    canEdit: can(resource.editPermission),
    downloadHref: can(resource.downloadPermission)
      ? `/descargar/${resourceKey}${query ? `?${query}` : ''}`
      : undefined,
    /** Where 'Descargar selección' sends the ticked rows. */
    selectionDownloadPath: can(resource.downloadPermission) ? `/descargar/${resourceKey}` : undefined,
    /** 'Filtrar' (its link) and the chips of the filters in force, where the list has filters. */
    filters: await filters,
  }
}

/** The API gave up on the search (statement timeout): its own message, not an unreachable API. */
const isSearchTimeout = (e: ApiError) => e.status === 503 && e.messages.some((m) => m !== MESSAGES.generic)

/**
 * A list's address without empty parameters: a filter form sends every field, the blank ones as
 * `?status=&search=`, and the address a clerk copies or bookmarks should read as what they chose.
 * Throws the redirect to the clean address (with or without JavaScript: Remix follows it) when the
 * URL has any.
 */
export function dropEmptyParams(request: Request) {
  const url = new URL(request.url)
  const kept = [...url.searchParams].filter(([, value]) => value.trim() !== '')
  if (kept.length === [...url.searchParams].length) return
  const query = new URLSearchParams(kept).toString()
  throw redirect(`${url.pathname}${query ? `?${query}` : ''}`)
}
