import { AreaSchema } from '@planillas/domain'
import type { MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'

const route = descriptionFormRoute({
  api: '/areas',
  permission: 'areas_edicion',
  basePath: '/areas',
  schema: AreaSchema,
})

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Editar área' : 'Nueva área'} | Planillas` },
]
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
