import { AreaSchema } from '@planillas/domain'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'
import { pageTitle } from '~/utils/page-title'

/** The API takes the same one-field body as an área (`{ description }`). */
const route = descriptionFormRoute({
  resource: 'project-types',
  permission: 'pagos_catalogos',
  basePath: '/pagos/catalogos/tipos-de-proyecto',
  schema: AreaSchema,
})

export const meta = pageTitle(({ params }) =>
  params.id ? 'Editar tipo de proyecto' : 'Nuevo tipo de proyecto',
)
export const loader = route.loader
export const action = route.action

export default function TiposDeProyectoForm() {
  return (
    <DescriptionForm
      schema={AreaSchema}
      titles={{ create: 'Nuevo tipo de proyecto', edit: 'Editar tipo de proyecto' }}
      backTo="/pagos/catalogos/tipos-de-proyecto"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
