import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ContractForm } from '~/routes/contratos/+shared/contract-form'
import { contractFormAction, loadContractForm } from '~/routes/contratos/+shared/contract-form.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar contrato' : 'Nuevo contrato'))

export const loader = ({ request, params }: LoaderFunctionArgs) => loadContractForm(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => contractFormAction(request, params.id)

export default ContractForm

export const ErrorBoundary = RouteErrorBoundary
