import { enumLabel, formatDateTime, recordStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { ButtonLink } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { pageTitle } from '~/utils/page-title'
import type { CompanyRow } from './empresas._index'

export const meta = pageTitle('Datos de la empresa')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'empresas_lista')
  const company = await api<CompanyRow & { createdAt: string; updatedAt: string }>(
    request,
    `/companies/${idParam(params.id)}`,
  )
  return { company, canEdit: user.roles.includes('empresas_edicion') }
}

export default function CompanyDetails() {
  const { company, canEdit } = useLoaderData<typeof loader>()
  return (
    <FormPage title="Datos de la empresa">
      <DetailCard
        title={company.name}
        items={[
          { label: 'Código', value: company.code },
          { label: 'R.U.C.', value: company.ruc },
          { label: 'Razón social', value: company.name },
          { label: 'Dirección fiscal', value: company.address },
          { label: 'Representante legal', value: company.legalRepresentative },
          { label: 'Estado', value: enumLabel(recordStatus, company.status) },
          { label: 'Fecha de creación', value: formatDateTime(company.createdAt) },
          { label: 'Última actualización', value: formatDateTime(company.updatedAt) },
        ]}
      />
      <div className="flex justify-end gap-2">
        <ButtonLink to="/empresas">Volver</ButtonLink>
        {canEdit ? (
          <ButtonLink to={`/empresas/${company.id}`} variant="primary">
            Editar
          </ButtonLink>
        ) : null}
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
