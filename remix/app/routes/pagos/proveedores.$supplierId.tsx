import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { SupplierForm } from '~/routes/pagos/+shared/suppliers/supplier-form'
import { loadSupplierForm, supplierFormAction } from '~/routes/pagos/+shared/suppliers/supplier-form.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.supplierId ? 'Editar proveedor' : 'Nuevo proveedor'))

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadSupplierForm(request, params.supplierId)

export const action = ({ request, params }: ActionFunctionArgs) =>
  supplierFormAction(request, params.supplierId)

export default SupplierForm

export const ErrorBoundary = RouteErrorBoundary
