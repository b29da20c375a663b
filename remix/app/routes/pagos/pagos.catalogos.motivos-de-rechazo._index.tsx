import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { DescriptionList } from '~/screens/description-list'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Motivos de rechazo')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'motivos-de-rechazo')

export default function MotivosDeRechazoList() {
  return (
    <DescriptionList
      title="Motivos de rechazo"
      resource="motivos-de-rechazo"
      basePath="/pagos/catalogos/motivos-de-rechazo"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
