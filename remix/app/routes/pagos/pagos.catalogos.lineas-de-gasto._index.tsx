import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DescriptionList } from '~/screens/description-list'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Líneas de gasto')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'lineas-de-gasto')

export default function LineasDeGastoList() {
  return (
    <DescriptionList
      title="Líneas de gasto"
      resource="lineas-de-gasto"
      basePath="/pagos/catalogos/lineas-de-gasto"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
