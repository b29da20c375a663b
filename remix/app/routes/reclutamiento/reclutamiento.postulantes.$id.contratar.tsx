import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { HireForm } from '~/routes/reclutamiento/+shared/hire-form'
import { hireFormAction, loadHireForm } from '~/routes/reclutamiento/+shared/hire-form.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Contratar postulante')

export const loader = ({ request, params }: LoaderFunctionArgs) => loadHireForm(request, params.id)

export const action = ({ request, params }: ActionFunctionArgs) => hireFormAction(request, params.id)

export default HireForm

export const ErrorBoundary = RouteErrorBoundary
