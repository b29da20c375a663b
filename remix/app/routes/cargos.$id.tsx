import { PositionSchema } from '@planillas/domain'
import type { MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'

const route = descriptionFormRoute({
  api: '/positions',
  permission: 'cargos_edicion',
  basePath: '/cargos',
  schema: PositionSchema,
})

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Editar cargo' : 'Nuevo cargo'} | Planillas` },
]
export const loader = route.loader
export const action = route.action

export default function PositionForm() {
  return (
    <DescriptionForm
      schema={PositionSchema}
      titles={{ create: 'Nuevo cargo', edit: 'Editar cargo' }}
      backTo="/areas"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
