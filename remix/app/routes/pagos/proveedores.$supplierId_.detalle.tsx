import {
  accountType,
  can,
  enumLabel,
  formatDate,
  formatDateTime,
  identifierType,
  isNaturalPersonRuc,
  managementType,
  recordStatus,
  SHARED_ACCOUNT_MESSAGES,
  SUSPENSION_MESSAGES,
  type SupplierDetail,
  type SuspensionCertificateRow,
  SuspensionCertificateSchema,
  sharedAccountState,
  supplierType,
  TAX_STATUS_LABEL,
  yesNoLabel,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { Form, useLoaderData } from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DateField, TextField } from '~/components/form/fields'
import { FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { BackOrEdit } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del proveedor')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'proveedores_lista')
  return orBackToList(request, '/proveedores', async () => {
    const id = idParam(params.supplierId)
    const supplier = await call(request, 'GET /suppliers/:id', { params: { id } })
    // A natural person (RUC 10…) issues recibos por honorarios: its suspension certificates.
    const certificates = isNaturalPersonRuc(supplier.ruc)
      ? await call(request, 'GET /suppliers/:id/suspension-certificates', { params: { id } })
      : null
    return {
      supplier,
      certificates,
      canEdit: can(user.roles, 'proveedores_edicion'),
      // Who saved a shared account may not confirm it: the API refuses, the page does not offer it.
      canConfirm:
        can(user.roles, 'proveedores_aprobar') &&
        sharedAccountState(supplier) === 'PENDING' &&
        supplier.sharedAccountBy !== user.email,
    }
  })
}

/**
 * The suspension certificates' two forms: 'Agregar constancia' (checked by the API's schema) and
 * each row's 'Eliminar'; both come back to this page with the API's message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData()
  if (formData.get('intent') === 'confirm-account') return confirmAccount(request, params.supplierId)
  await requirePermission(request, 'proveedores_edicion')
  const id = idParam(params.supplierId)
  const back = `/proveedores/${id}/detalle`
  if (formData.get('intent') === 'remove') {
    const certificateId = idParam(String(formData.get('certificateId') ?? ''))
    try {
      await call(request, 'DELETE /suppliers/:id/suspension-certificates/:certificateId', {
        params: { id, certificateId },
      })
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join('. ') })
    }
    return redirectWithToast(request, back, { type: 'success', message: SUSPENSION_MESSAGES.removed })
  }
  return saveForm(request, formData, {
    schema: SuspensionCertificateSchema,
    save: async (body) =>
      (await call(request, 'POST /suppliers/:id/suspension-certificates', { params: { id }, body })).id,
    successTo: () => back,
    message: SUSPENSION_MESSAGES.added,
    fieldOfMessage: {
      [SUSPENSION_MESSAGES.grantedFuture]: 'grantedOn',
      [SUSPENSION_MESSAGES.numberInvalid]: 'number',
    },
  })
}

/**
 * 'Confirmar cuenta compartida': the second person vouches for an account another beneficiary also
 * holds; the API's answer (confirmed, already confirmed, not theirs to confirm) comes back as a toast.
 */
async function confirmAccount(request: Request, supplierId: string | undefined) {
  await requirePermission(request, 'proveedores_aprobar')
  const id = idParam(supplierId)
  const back = `/proveedores/${id}/detalle`
  try {
    await call(request, 'POST /suppliers/:id/shared-account/confirm', { params: { id } })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(request, back, { type: 'error', message: error.messages.join('. ') })
  }
  return redirectWithToast(request, back, { type: 'success', message: SHARED_ACCOUNT_MESSAGES.confirmed })
}

/** 'Agregar constancia': its number and the day SUNAT granted it. */
function CertificateForm() {
  const form = useSchemaForm<{ number: string; grantedOn: string }>(SuspensionCertificateSchema, {
    id: 'suspension-certificate-form',
  })
  return (
    <SchemaForm form={form.form}>
      <input type="hidden" name="intent" value="add" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3 md:items-end">
        <TextField meta={form.fields.number} label="Número de constancia" required maxLength={30} />
        <DateField meta={form.fields.grantedOn} label="Fecha de otorgamiento" required />
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={form.busy}>
            {form.busy ? 'Agregando…' : 'Agregar constancia'}
          </button>
        </div>
      </div>
    </SchemaForm>
  )
}

/**
 * 'Constancias de suspensión de cuarta categoría': while one is in force (from the day after it was
 * granted until 31 December of that year) its recibos por honorarios are paid without the retention.
 */
function Certificates({ rows, canEdit }: { rows: SuspensionCertificateRow[]; canEdit: boolean }) {
  return (
    <FormCard title="Constancias de suspensión de cuarta categoría" columns={1}>
      <p className="text-sm text-slate-700">
        Cada constancia suspende la retención de cuarta categoría de sus recibos por honorarios desde el día
        siguiente a su otorgamiento hasta el 31 de diciembre de ese año.
      </p>
      <DataTable<SuspensionCertificateRow>
        caption="Constancias de suspensión"
        emptyMessage="El proveedor no tiene constancias de suspensión registradas."
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Número', cell: (r) => r.number, mobile: 'title' },
          { header: 'Otorgada el', cell: (r) => formatDate(r.grantedOn) },
          { header: 'Vigente hasta', cell: (r) => formatDate(r.validUntil) },
          { header: 'Registrada por', cell: (r) => r.createdBy ?? '' },
        ]}
        actions={
          canEdit
            ? (r) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="certificateId" value={r.id} />
                  <button
                    type="submit"
                    className={buttonClass('secondary')}
                    aria-label={`Eliminar la constancia ${r.number}`}
                  >
                    Eliminar
                  </button>
                </Form>
              )
            : undefined
        }
      />
      {canEdit ? <CertificateForm /> : null}
    </FormCard>
  )
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
  const { supplier: s, certificates, canEdit, canConfirm } = useLoaderData<typeof loader>()
  const shared = sharedAccountState(s)
  return (
    <FormPage title="Datos del proveedor">
      {s.rucWarning ? (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
          {s.rucWarning}
        </p>
      ) : null}
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
          {
            label: 'Cuenta compartida',
            value:
              shared === 'NONE'
                ? s.sharedWith.length
                  ? `También es de ${s.sharedWith.join('; ')}`
                  : 'No'
                : [
                    shared === 'PENDING' ? 'Por confirmar' : 'Confirmada',
                    s.sharedWith.length ? `también es de ${s.sharedWith.join('; ')}` : null,
                    s.sharedAccountBy
                      ? `registrada por ${s.sharedAccountBy} el ${formatDateTime(s.sharedAccountAt)}`
                      : null,
                    s.sharedAccountConfirmedBy
                      ? `confirmada por ${s.sharedAccountConfirmedBy} el ${formatDateTime(s.sharedAccountConfirmedAt)}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · '),
          },
        ]}
      />
      {canConfirm ? (
        <Form
          method="post"
          className="flex flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3 md:flex-row md:items-center md:justify-between"
        >
          <p className="text-sm text-amber-900">
            La cuenta de este proveedor también es de otro beneficiario. Verifíquela con el proveedor antes de
            confirmarla: hasta entonces no se le paga.
          </p>
          <input type="hidden" name="intent" value="confirm-account" />
          <button type="submit" className={buttonClass('primary')}>
            Confirmar cuenta compartida
          </button>
        </Form>
      ) : null}
      {certificates ? <Certificates rows={certificates} canEdit={canEdit} /> : null}
      <BackOrEdit list="/proveedores" edit={canEdit ? `/proveedores/${s.id}` : undefined} />
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
