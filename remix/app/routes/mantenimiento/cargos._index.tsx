import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DescriptionList } from '~/screens/description-list'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Cargos')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'cargos')

export default function PositionList() {
  return <DescriptionList title="Cargos" resource="cargos" basePath="/cargos" />
}

export const ErrorBoundary = RouteErrorBoundary
