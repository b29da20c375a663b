import { PositionSchema } from '@planillas/domain'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'
import { pageTitle } from '~/utils/page-title'

const route = descriptionFormRoute({
  resource: 'positions',
  permission: 'cargos_edicion',
  basePath: '/cargos',
  schema: PositionSchema,
})

export const meta = pageTitle(({ params }) => (params.id ? 'Editar cargo' : 'Nuevo cargo'))
export const loader = route.loader
export const action = route.action

export default function PositionForm() {
  return (
    <DescriptionForm
      schema={PositionSchema}
      titles={{ create: 'Nuevo cargo', edit: 'Editar cargo' }}
      backTo="/cargos"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
