import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { type DescribedRow, DescriptionList } from '~/screens/description-list'

export const meta: MetaFunction = () => [{ title: 'Áreas | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<DescribedRow>(request, 'areas')

export default function AreaList() {
  return <DescriptionList title="Áreas" resource="areas" basePath="/areas" />
}

export const ErrorBoundary = RouteErrorBoundary
