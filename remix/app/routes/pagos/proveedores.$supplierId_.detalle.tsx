import {
  accountType,
  can,
  enumLabel,
  formatDate,
  formatDateTime,
  identifierType,
  managementType,
  recordStatus,
  type SupplierDetail,
  supplierType,
  TAX_STATUS_LABEL,
  yesNoLabel,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { ButtonLink } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del proveedor')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'proveedores_lista')
  return orBackToList(request, '/proveedores', async () => {
    const supplier = await call(request, 'GET /suppliers/:id', {
      params: { id: idParam(params.supplierId) },
    })
    return { supplier, canEdit: can(user.roles, 'proveedores_edicion') }
  })
}

type Period = SupplierDetail['taxStatusPeriods'][number]

/** 'Agente de retención', as a label. */
const kindLabel = (kind: Period['kind']) => TAX_STATUS_LABEL[kind].replace(/^./, (c) => c.toUpperCase())

/** 'desde 01/03/2025 hasta 31/01/2026 · manual' — one dated period of the RUC's status. */
const periodText = (p: Period) =>
  [
    `desde ${formatDate(p.validFrom)}${p.validTo ? ` hasta ${formatDate(p.validTo)}` : ' (vigente)'}`,
    p.source === 'MANUAL' ? 'manual' : `padrón SUNAT, carga N° ${p.loadId}`,
    p.resolution,
  ]
    .filter(Boolean)
    .join(' · ')

/**
 * 'Datos del proveedor': every field, in the form's two sections, and the dated periods of its RUC's
 * tax status (the flags above are today's; a payment reads the periods on its own date).
 */
export default function SupplierDetails() {
  const { supplier: s, canEdit } = useLoaderData<typeof loader>()
  return (
    <FormPage title="Datos del proveedor">
      <DetailCard
        title="Datos personales"
        items={[
          { label: 'Código', value: s.code },
          { label: 'R.U.C.', value: s.ruc },
          { label: 'Razón social', value: s.name },
          { label: 'Domicilio fiscal', value: s.address },
          { label: 'Ubigeo', value: s.ubigeoDescription },
          { label: 'Contacto', value: s.contactName },
          { label: 'Autorizador', value: s.authorizer },
          { label: 'Pagador', value: s.payer },
          { label: 'Teléfono', value: s.phone },
          { label: 'Celular', value: s.mobile },
          { label: 'Correo electrónico', value: s.email },
          { label: 'Tipo de proveedor', value: enumLabel(supplierType, s.supplierType) },
          { label: 'Tipo de gestión contable', value: enumLabel(managementType, s.managementType) },
          { label: 'Línea de gasto', value: s.expenseLine },
          { label: 'Agente de retención', value: yesNoLabel(s.retentionAgent) },
          { label: 'Agente de percepción', value: yesNoLabel(s.perceptionAgent) },
          { label: 'Buen contribuyente', value: yesNoLabel(s.goodTaxpayer) },
          { label: 'Estado', value: enumLabel(recordStatus, s.status) },
          { label: 'Fecha de creación', value: formatDateTime(s.createdAt) },
          { label: 'Última actualización', value: formatDateTime(s.updatedAt) },
        ]}
      />
      <DetailCard
        title="Condición tributaria por periodos"
        items={
          s.taxStatusPeriods.length
            ? [...new Set(s.taxStatusPeriods.map((p) => p.kind))].map((kind) => ({
                label: kindLabel(kind),
                value: (
                  <ul>
                    {s.taxStatusPeriods
                      .filter((p) => p.kind === kind)
                      .map((p) => (
                        <li key={`${p.source}-${p.validFrom}`}>{periodText(p)}</li>
                      ))}
                  </ul>
                ),
              }))
            : [
                {
                  label: 'Periodos',
                  value: 'Sin periodos: no es agente de retención, de percepción ni buen contribuyente',
                },
              ]
        }
      />
      <DetailCard
        title="Datos bancarios"
        items={[
          { label: 'Tipo de documento', value: enumLabel(identifierType, s.bankIdentifierType) },
          { label: 'Número de documento', value: s.bankIdentifier },
          { label: 'Titular de la cuenta', value: s.bankHolder },
          { label: 'Banco', value: s.bankName ?? s.bankId },
          { label: 'Número de cuenta', value: s.bankAccount },
          { label: 'Tipo de cuenta', value: enumLabel(accountType, s.accountType) },
          { label: 'CCI', value: s.bankInterAccount },
          { label: 'Cuenta de detracciones', value: s.detractionAccount },
        ]}
      />
      <div className="flex justify-end gap-2">
        <BackToList to="/proveedores" />
        {canEdit ? (
          <ButtonLink to={`/proveedores/${s.id}`} variant="primary">
            Editar
          </ButtonLink>
        ) : null}
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
