import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { EmployeeForm } from '~/screens/employees/employee-form'
import { employeeFormAction, loadEmployeeForm } from '~/screens/employees/employee-form.server'

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Editar colaborador' : 'Nuevo colaborador'} | Planillas` },
]

export const loader = ({ request, params }: LoaderFunctionArgs) => loadEmployeeForm(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => employeeFormAction(request, params.id)

export default EmployeeForm

export const ErrorBoundary = RouteErrorBoundary
