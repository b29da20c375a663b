import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ContractForm } from '~/screens/contracts/contract-form'
import { contractFormAction, loadContractForm } from '~/screens/contracts/contract-form.server'

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Editar contrato' : 'Nuevo contrato'} | Planillas` },
]

export const loader = ({ request, params }: LoaderFunctionArgs) => loadContractForm(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => contractFormAction(request, params.id)

export default ContractForm

export const ErrorBoundary = RouteErrorBoundary
