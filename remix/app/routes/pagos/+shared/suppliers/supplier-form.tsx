import type { FieldMetadata } from '@conform-to/react'
import type { Option } from '@planillas/domain'
import {
  accountType,
  enumOptions,
  FORM_IDENTIFIER_TYPES,
  IDENTIFIER_TYPE,
  identifierIsNumeric,
  identifierMaxLength,
  identifierType,
  managementType,
  SUPPLIER_ACCOUNT_TYPES,
  SUPPLIER_MESSAGES,
  type SupplierFormInput,
  type SupplierRow,
  SupplierSchema,
  SupplierUpdateSchema,
  supplierType,
} from '@planillas/domain'
import { useActionData, useLoaderData } from 'react-router'
import { AccountNumberField, BankField, InterbankAccountField } from '~/components/form/bank-field'
import { ReadOnlyField, SelectField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { RucField, useRucLookup } from '~/components/form/ruc-field'
import { SearchPickerField } from '~/components/form/search-picker-field'
import { SwitchField } from '~/components/form/switch-field'
import { useSchemaForm } from '~/components/form/use-schema-form'
import type { loadSupplierForm } from './supplier-form.server'

type Flag = 'retentionAgent' | 'perceptionAgent' | 'goodTaxpayer' | 'sharedAccountAccepted'
/** The form's values as the page holds them: text, except the three tax switches. */
type FormValues = Record<Exclude<keyof SupplierFormInput, Flag>, string | null | undefined> &
  Partial<Record<Flag, boolean>>

type ActionData = Partial<{
  districts: Option[]
  districtSearch: string
  district: Option | null
}>

const typeOptions = enumOptions(supplierType)
const managementOptions = enumOptions(managementType)
const documentOptions = FORM_IDENTIFIER_TYPES.map((t) => ({
  value: String(t),
  label: identifierType[t].label,
}))
const accountOptions = SUPPLIER_ACCOUNT_TYPES.map((t) => ({ value: String(t), label: accountType[t].label }))

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

function defaultsOf(s: SupplierRow | null): FormValues {
  return {
    ruc: text(s?.ruc),
    name: text(s?.name),
    address: text(s?.address),
    contactName: text(s?.contactName),
    ubigeo: text(s?.ubigeo),
    authorizer: text(s?.authorizer),
    payer: text(s?.payer),
    phone: text(s?.phone),
    mobile: text(s?.mobile),
    email: text(s?.email),
    supplierType: text(s?.supplierType),
    managementType: text(s?.managementType),
    expenseLineId: text(s?.expenseLineId),
    // A supplier is paid as a company: its RUC is the usual document of the account.
    bankIdentifierType: text(s?.bankIdentifierType ?? IDENTIFIER_TYPE.RUC),
    bankIdentifier: text(s?.bankIdentifier),
    bankHolder: text(s?.bankHolder),
    bankId: text(s?.bankId),
    bankAccount: text(s?.bankAccount),
    accountType: text(s?.accountType),
    bankInterAccount: text(s?.bankInterAccount),
    detractionAccount: text(s?.detractionAccount),
    retentionAgent: Boolean(s?.retentionAgent),
    perceptionAgent: Boolean(s?.perceptionAgent),
    goodTaxpayer: Boolean(s?.goodTaxpayer),
    sharedAccountAccepted: false,
  }
}

/**
 * The account or CCI is also another supplier's or an employee's: the API's warning names them, and
 * the clerk saves it only by ticking 'Registrar la cuenta compartida' (docs/decisions/shared-accounts.md).
 * Shown once the API warned (or the tick is on), with or without JavaScript.
 */
function SharedAccountTick({ meta }: { meta: FieldMetadata<boolean | string | null | undefined> }) {
  const ticked = meta.value === 'on' || meta.value === 'true'
  if (!meta.errors?.length && !ticked) return null
  return (
    <div
      className="rounded border border-amber-400 bg-amber-50 p-3 md:col-span-2"
      data-testid="shared-account"
    >
      <p className="mb-2 text-sm font-semibold text-amber-900">Cuenta compartida</p>
      <SwitchField
        meta={meta}
        label="Registrar la cuenta compartida"
        help="Quedará por confirmar: otra persona con el permiso de confirmar cuentas compartidas debe confirmarla antes de pagarle."
      />
    </div>
  )
}

/** 'Nuevo proveedor' / 'Editar proveedor': the supplier's data and its bank data. */
export function SupplierForm() {
  const loaded = useLoaderData<typeof loadSupplierForm>()
  const supplier = loaded.supplier as SupplierRow | null
  const action = useActionData<ActionData>()
  // The edit schema is the create schema without the read-only RUC.
  const { form, fields, busy } = useSchemaForm<FormValues>(supplier ? SupplierUpdateSchema : SupplierSchema, {
    id: `supplier-${supplier?.id ?? 'new'}-${supplier ? new Date(supplier.updatedAt).getTime() : ''}`,
    defaultValue: defaultsOf(supplier),
  })
  const lookup = useRucLookup(
    '/proveedores/ruc',
    supplier ? null : fields.ruc.value,
    SUPPLIER_MESSAGES.duplicate,
    (found) => {
      // One update for every field: two in a row would each start from the same old value.
      const value = form.value ?? {}
      form.update({
        value: {
          ...value,
          name: value.name || found.name || '',
          address: value.address || found.address || '',
          bankHolder: value.bankHolder || found.name || '',
        },
      })
    },
  )
  const documentType = form.value?.bankIdentifierType as string | undefined
  const district =
    action?.district ??
    (supplier?.ubigeo
      ? { value: supplier.ubigeo, label: supplier.ubigeoDescription ?? supplier.ubigeo }
      : null)
  return (
    <FormPage title={supplier ? 'Editar proveedor' : 'Nuevo proveedor'}>
      {loaded.supplier?.rucWarning ? (
        <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
          {loaded.supplier.rucWarning}
        </p>
      ) : null}
      <SchemaForm form={form}>
        <FormCard title="Datos personales">
          {supplier ? (
            <ReadOnlyField id="supplier-ruc" label="R.U.C." value={supplier.ruc} />
          ) : (
            <RucField meta={fields.ruc} lookupMessage={lookup} />
          )}
          <TextField meta={fields.name} label="Razón social" required maxLength={200} />
          <TextField meta={fields.address} label="Domicilio fiscal" required maxLength={250} />
          <SearchPickerField
            meta={fields.ubigeo}
            label="Ubigeo (distrito)"
            source="/referencia/distritos"
            searchIntent="district"
            selected={district}
            results={action?.districts}
            searchTerm={action?.districtSearch}
            placeholder="Escriba el distrito, p. ej. Miraflores"
          />
          <TextField meta={fields.contactName} label="Contacto" maxLength={150} />
          <TextField meta={fields.authorizer} label="Autorizador" maxLength={150} />
          <TextField meta={fields.payer} label="Pagador" maxLength={150} />
          <TextField meta={fields.phone} type="tel" label="Teléfono" inputMode="numeric" maxLength={9} />
          <TextField meta={fields.mobile} type="tel" label="Celular" inputMode="numeric" maxLength={9} />
          <TextField meta={fields.email} type="email" label="Correo electrónico" maxLength={150} />
          <SelectField meta={fields.supplierType} label="Tipo de proveedor" required options={typeOptions} />
          <SelectField
            meta={fields.managementType}
            label="Tipo de gestión contable"
            required
            options={managementOptions}
          />
          <SelectField meta={fields.expenseLineId} label="Línea de gasto" options={loaded.expenseLines} />
          <div className="flex flex-col gap-3 md:col-span-2 md:flex-row md:gap-8">
            <SwitchField meta={fields.retentionAgent} label="Agente de retención" />
            <SwitchField meta={fields.perceptionAgent} label="Agente de percepción" />
            <SwitchField meta={fields.goodTaxpayer} label="Buen contribuyente" />
          </div>
          <p className="text-xs text-slate-500 md:col-span-2">
            La condición tributaria cambia desde hoy: al guardar se abre o se cierra un periodo manual. Cada
            pago usa la condición vigente en su fecha de pago.
          </p>
        </FormCard>
        <FormCard title="Datos bancarios">
          <SelectField
            meta={fields.bankIdentifierType}
            label="Tipo de documento"
            required
            options={documentOptions}
          />
          <TextField
            meta={fields.bankIdentifier}
            label="Número de documento"
            required
            maxLength={identifierMaxLength(documentType)}
            inputMode={identifierIsNumeric(documentType) ? 'numeric' : 'text'}
            autoComplete="off"
          />
          <TextField meta={fields.bankHolder} label="Titular de la cuenta" required maxLength={200} />
          <BankField meta={fields.bankId} options={loaded.banks} />
          <AccountNumberField meta={fields.bankAccount} />
          <SelectField meta={fields.accountType} label="Tipo de cuenta" required options={accountOptions} />
          <InterbankAccountField meta={fields.bankInterAccount} />
          <TextField
            meta={fields.detractionAccount}
            label="Cuenta de detracciones"
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
            help="Cuenta del Banco de la Nación, 11 dígitos."
          />
          <SharedAccountTick meta={fields.sharedAccountAccepted} />
          {supplier?.sharedAccountBy ? (
            <p className="text-sm text-amber-900 md:col-span-2">
              {supplier.sharedAccountConfirmedBy
                ? `Cuenta compartida: confirmada por ${supplier.sharedAccountConfirmedBy}.`
                : 'Cuenta compartida: por confirmar. Si cambia la cuenta o el CCI, la confirmación se pide de nuevo.'}
            </p>
          ) : null}
        </FormCard>
        <FormActions backTo="/proveedores" backLabel={supplier ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}
