import type { EmployeeView } from '@planillas/domain'
import {
  accountType,
  can,
  contractDuration,
  contractStatus,
  employeeStatus,
  enumLabel,
  formatDate,
  formatDateTime,
  identifierType,
  sex,
  yesNoLabel,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackOrEdit } from '~/components/list/back-to-list'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { changedByText, PENDING_OTHER_USER } from '~/routes/colaboradores/+shared/bank-section'
import { EmployeeHistorySection } from '~/routes/colaboradores/+shared/employee-history'
import { EmployeeBoletasSection } from '~/screens/boletas/employee-boletas'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del colaborador')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'colaboradores_lista')
  return orBackToList(request, '/colaboradores', async () => {
    const id = idParam(params.id)
    const seesPayrolls = can(user.roles, 'planillas_lista')
    const [employee, history, boletas] = await Promise.all([
      call(request, 'GET /employees/:id', { params: { id } }),
      call(request, 'GET /employees/:id/history', { params: { id } }),
      // The boletas show pay: only to who may see the payrolls.
      seesPayrolls ? call(request, 'GET /employees/:id/boletas', { params: { id } }) : Promise.resolve(null),
    ])
    return { employee, history, boletas, canEdit: can(user.roles, 'colaboradores_edicion') }
  })
}

const label = (table: Parameters<typeof enumLabel>[0], code: number | null) =>
  code == null ? null : enumLabel(table, code)

export default function EmployeeDetails() {
  const { employee: e, history, boletas, canEdit } = useLoaderData<typeof loader>()
  const verifiedBy = e.bankAccountVerifiedBy
    ? `${e.bankAccountVerifiedBy}${e.bankAccountVerifiedAt ? ` (${formatDateTime(e.bankAccountVerifiedAt)})` : ''}`
    : null
  return (
    <FormPage title="Datos del colaborador">
      <DetailCard
        title="Datos personales"
        items={[
          { label: 'Código', value: e.code },
          { label: 'Tipo de documento', value: label(identifierType, e.identifierType) },
          { label: 'Número de documento', value: e.identifier },
          { label: 'Nombres', value: e.name },
          { label: 'Apellidos', value: e.surname },
          { label: 'Fecha de nacimiento', value: e.birthDate ? formatDate(e.birthDate) : null },
          { label: 'Dirección', value: e.address },
          { label: 'Ubigeo', value: e.ubigeoDescription },
          { label: 'Nacionalidad', value: e.nationalityName },
          { label: 'Sexo', value: label(sex, e.gender) },
          { label: 'Empresa', value: e.companyName },
          { label: 'Área', value: e.areaName },
          { label: 'Cargo', value: e.positionName },
          { label: 'Estado', value: label(employeeStatus, e.status) },
        ]}
      />
      <ContractCard contract={e.currentContract ?? null} />
      <DetailCard
        title="Datos de contacto"
        items={[
          { label: 'Celular', value: e.personalPhone },
          { label: 'Correo electrónico', value: e.personalEmail },
          { label: 'Contacto de emergencia', value: e.emergencyContact },
          { label: 'Teléfono de emergencia', value: e.emergencyPhoneNumber },
        ]}
      />
      <DetailCard
        title="Datos bancarios"
        items={[
          { label: 'Tipo de documento', value: label(identifierType, e.bankIdentifierType) },
          { label: 'Número de documento', value: e.bankIdentifier },
          { label: 'Titular de la cuenta', value: e.bankHolder },
          { label: 'Banco', value: e.bankName },
          { label: 'Tipo de cuenta', value: label(accountType, e.accountType) },
          { label: 'Número de cuenta', value: e.bankAccount },
          { label: 'CCI', value: e.bankInterAccount },
          { label: 'Cuenta de detracción', value: e.detractionAccount },
          { label: 'Datos bancarios confirmados', value: yesNoLabel(e.bankAccountVerified) },
          { label: 'Modificado por', value: changedByText(e) },
          {
            label: 'Confirmado por',
            value: verifiedBy ?? (e.bankDataChangedBy ? PENDING_OTHER_USER : null),
          },
        ]}
      />
      <EmployeeHistorySection history={history} identifier={e.identifier} />
      {boletas ? <EmployeeBoletasSection boletas={boletas} /> : null}
      <BackOrEdit list="/colaboradores" edit={canEdit ? `/colaboradores/${e.id}` : undefined} hideInPrint />
    </FormPage>
  )
}

/** The current contract under the personal data. */
function ContractCard({ contract }: { contract: EmployeeView['currentContract'] | null }) {
  if (!contract)
    return (
      <DetailCard title="Contrato vigente" items={[{ label: 'Contrato', value: 'Sin contrato vigente' }]} />
    )
  return (
    <DetailCard
      title="Contrato vigente"
      items={[
        {
          label: 'Número de contrato',
          value: (
            <Link
              to={`/contratos/${contract.id}/detalle`}
              className="font-medium text-primary-dark underline"
            >
              {contract.number}
            </Link>
          ),
        },
        { label: 'Duración del contrato', value: label(contractDuration, contract.contractType) },
        { label: 'Fecha de inicio', value: formatDate(contract.startDate) },
        {
          label: 'Fecha de fin',
          value: contract.finishDate ? formatDate(contract.finishDate) : 'Indefinido',
        },
        { label: 'Estado', value: label(contractStatus, contract.status) },
      ]}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
