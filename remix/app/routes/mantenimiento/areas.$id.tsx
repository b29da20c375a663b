import { AreaSchema } from '@planillas/domain'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'
import { pageTitle } from '~/utils/page-title'

const route = descriptionFormRoute({
  resource: 'areas',
  permission: 'areas_edicion',
  basePath: '/areas',
  schema: AreaSchema,
})

export const meta = pageTitle(({ params }) => (params.id ? 'Editar área' : 'Nueva área'))
export const loader = route.loader
export const action = route.action

export default function AreaForm() {
  return (
    <DescriptionForm
      schema={AreaSchema}
      titles={{ create: 'Nueva área', edit: 'Editar área' }}
      backTo="/areas"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
