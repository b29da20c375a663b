import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DescriptionList } from '~/screens/description-list'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Áreas')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'areas')

export default function AreaList() {
  return <DescriptionList title="Áreas" resource="areas" basePath="/areas" />
}

export const ErrorBoundary = RouteErrorBoundary
