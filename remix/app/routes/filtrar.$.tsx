import { type LoaderFunctionArgs, useLoaderData, useLocation } from 'react-router'
import { requirePermission } from '~/auth.server'
import { FilterForm, type FilterFormData } from '~/components/list/filter-panel'
import { ButtonLink } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { LIST_FILTERS } from '~/list-filters.server'
import { LIST_RESOURCES } from '~/list-resources'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ data }) => `Filtrar ${(data as FilterFormData | undefined)?.title ?? ''}`)

/**
 * A list's 'Filtrar' (`/filtrar/<list>?<the list's query>`): without JavaScript a page with the
 * filter form, which submits to the list keeping its search, order and page size; with it, the data
 * the list's panel loads when it opens. Only for who may open the list.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<FilterFormData> {
  const path = `/${params['*'] ?? ''}`
  const source = Object.hasOwn(LIST_FILTERS, path) ? LIST_FILTERS[path] : undefined
  if (!source) throw new Response('No encontrado', { status: 404 })
  await requirePermission(request, LIST_RESOURCES[source.list].permission)
  return { path, title: source.title, filters: await source.filters(request) }
}

export default function FilterPage() {
  const { path, title, filters } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const back = new URLSearchParams(search)
  back.delete('page')
  const query = back.toString()
  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-md flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold text-slate-900">
          Filtrar {title}
        </h1>
        <ButtonLink to={query ? `${path}?${query}` : path}>Volver a la lista</ButtonLink>
      </div>
      <div className="rounded border border-slate-200 bg-white p-4">
        <FilterForm path={path} filters={filters} />
      </div>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
