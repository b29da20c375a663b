import { MESSAGES, type PageResponse, type Permission } from '@planillas/domain'
import { ApiError, api } from './api.server'
import { requirePermission } from './auth.server'
import { LIST_RESOURCES } from './list-resources'
import { apiPageQuery, readListParams } from './utils/list-params'

/**
 * Everything a list loader needs: the guard, the page of rows for the URL's filter, and what the
 * user may do (edit, download). A bad filter (e.g. a reversed date range) or a search the API gave
 * up on (503, 'afine los filtros') shows its message above an empty list instead of failing the page.
 */
export async function loadList<T>(request: Request, resourceKey: string) {
  const resource = LIST_RESOURCES[resourceKey]
  const { user } = await requirePermission(request, resource.permission)
  const url = new URL(request.url)
  const params = readListParams(url.searchParams)
  const filter = resource.filter(url.searchParams)
  let page: PageResponse<T> = { content: [], totalElements: 0, totalPages: 0 }
  let error: string | null = null
  try {
    page = await api<PageResponse<T>>(request, `${resource.api}/list`, {
      body: filter,
      query: apiPageQuery(params),
    })
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
  }
}

/** The API gave up on the search (statement timeout): its own message, not an unreachable API. */
const isSearchTimeout = (e: ApiError) => e.status === 503 && e.messages.some((m) => m !== MESSAGES.generic)
