import {
  can,
  contractDuration,
  contractStatus,
  enumLabel,
  formatDate,
  formatDateTime,
  formatMoney,
  identifierType,
  isCurrentContract,
  trimEmail,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { StatusBadge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { ContractActions } from '~/routes/contratos/+shared/contract-actions'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del contrato')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'contratos_lista')
  const contract = await orBackToList(request, '/contratos', () =>
    call(request, 'GET /contracts/:id', { params: { id: idParam(params.id) } }),
  )
  return { contract, canEdit: can(user.roles, 'contratos_edicion') }
}

const contractLink = (id: number | null, number: string | null) =>
  id && number ? (
    <Link to={`/contratos/${id}/detalle`} className="text-primary-dark underline">
      {number}
    </Link>
  ) : null

/** '/contratos/:id/detalle': the employee, the contract, and how it ended. */
export default function ContractDetails() {
  const { contract: c, canEdit } = useLoaderData<typeof loader>()
  const current = isCurrentContract(c.status)
  return (
    <FormPage title="Datos del contrato">
      <DetailCard
        title="Información del Colaborador"
        items={[
          {
            label: 'Código',
            value: (
              <Link to={`/colaboradores/${c.employeeId}/detalle`} className="text-primary-dark underline">
                {c.employeeCode}
              </Link>
            ),
          },
          { label: 'Tipo de documento', value: enumLabel(identifierType, c.identifierType) },
          { label: 'Número de documento', value: c.identifier },
          { label: 'Nombres y apellidos', value: c.fullName },
        ]}
      />
      <DetailCard
        title="Detalles del Contrato"
        items={[
          { label: 'N° de contrato', value: c.number },
          { label: 'Estado', value: <StatusBadge table={contractStatus} code={c.status} /> },
          { label: 'Duración del contrato', value: enumLabel(contractDuration, c.contractType) },
          { label: 'Fecha de inicio', value: formatDate(c.startDate) },
          {
            label: 'Fecha de fin',
            value: c.finishDate ? formatDate(c.finishDate) : 'Sin fecha de fin (indefinido)',
          },
          { label: 'Empresa', value: c.companyName },
          { label: 'Área', value: c.areaName },
          { label: 'Cargo', value: c.positionName },
          { label: 'Sueldo Base', value: formatMoney(c.baseSalary) },
          {
            label: 'Asignación familiar',
            value: c.familyAllowance ? formatMoney(c.familyAllowanceAmount) : 'NO',
          },
          { label: 'Sueldo Total', value: formatMoney(c.totalSalary) },
          { label: 'Renueva el contrato', value: contractLink(c.renewsContractId, c.renewsContractNumber) },
          { label: 'Renovado con', value: contractLink(c.renewedById, c.renewedByNumber) },
          { label: 'Fecha de creación', value: formatDateTime(c.createdAt) },
          { label: 'Registrado por', value: c.createdBy ? trimEmail(c.createdBy) : null },
        ]}
      />
      {current ? null : (
        <DetailCard
          title="Cese"
          items={[
            { label: 'Fecha de cese', value: formatDate(c.closedOn) },
            { label: 'Motivo', value: c.closeReason },
            { label: 'Registrado por', value: c.closedBy ? trimEmail(c.closedBy) : null },
          ]}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <BackToList to="/contratos" />
        {canEdit && current ? (
          <>
            <ContractActions id={c.id} status={c.status} name={`${c.number} — ${c.fullName}`} />
            <ButtonLink to={`/contratos/${c.id}/editar`} variant="primary">
              Editar
            </ButtonLink>
          </>
        ) : null}
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
