import { AreaSchema } from '@planillas/domain'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'
import { pageTitle } from '~/utils/page-title'

/** The API takes the same one-field body as an área (`{ description }`). */
const route = descriptionFormRoute({
  resource: 'reject-reasons',
  permission: 'pagos_catalogos',
  basePath: '/pagos/catalogos/motivos-de-rechazo',
  schema: AreaSchema,
})

export const meta = pageTitle(({ params }) =>
  params.id ? 'Editar motivo de rechazo' : 'Nuevo motivo de rechazo',
)
export const loader = route.loader
export const action = route.action

export default function MotivosDeRechazoForm() {
  return (
    <DescriptionForm
      schema={AreaSchema}
      titles={{ create: 'Nuevo motivo de rechazo', edit: 'Editar motivo de rechazo' }}
      backTo="/pagos/catalogos/motivos-de-rechazo"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
