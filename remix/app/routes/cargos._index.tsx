import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { type DescribedRow, DescriptionList } from '~/screens/description-list'

export const meta: MetaFunction = () => [{ title: 'Cargos | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<DescribedRow>(request, 'cargos')

export default function PositionList() {
  return <DescriptionList title="Cargos" resource="cargos" basePath="/cargos" />
}

export const ErrorBoundary = RouteErrorBoundary
