import { AreaSchema } from '@planillas/domain'
import { forgetVoucherCatalogs } from '~/catalogs.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DescriptionForm } from '~/screens/description-form'
import { descriptionFormRoute } from '~/screens/description-form.server'
import { pageTitle } from '~/utils/page-title'

/** The API takes the same one-field body as an área (`{ description }`). */
const route = descriptionFormRoute({
  resource: 'expense-lines',
  permission: 'pagos_catalogos',
  basePath: '/pagos/catalogos/lineas-de-gasto',
  schema: AreaSchema,
  // The vouchers list filters by línea de gasto (a cached catalogue).
  forget: forgetVoucherCatalogs,
})

export const meta = pageTitle(({ params }) => (params.id ? 'Editar línea de gasto' : 'Nueva línea de gasto'))
export const loader = route.loader
export const action = route.action

export default function LineasDeGastoForm() {
  return (
    <DescriptionForm
      schema={AreaSchema}
      titles={{ create: 'Nueva línea de gasto', edit: 'Editar línea de gasto' }}
      backTo="/pagos/catalogos/lineas-de-gasto"
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
