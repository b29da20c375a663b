import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { EmployeeForm } from '~/routes/colaboradores/+shared/employee-form'
import { employeeFormAction, loadEmployeeForm } from '~/routes/colaboradores/+shared/employee-form.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar colaborador' : 'Nuevo colaborador'))

export const loader = ({ request, params }: LoaderFunctionArgs) => loadEmployeeForm(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => employeeFormAction(request, params.id)

export default EmployeeForm

export const ErrorBoundary = RouteErrorBoundary
