import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DescriptionList } from '~/screens/description-list'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Tipos de proyecto')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'tipos-de-proyecto')

export default function TiposDeProyectoList() {
  return (
    <DescriptionList
      title="Tipos de proyecto"
      resource="tipos-de-proyecto"
      basePath="/pagos/catalogos/tipos-de-proyecto"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
