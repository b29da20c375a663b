import type { EmployeeView as EmployeeDetail, Option } from '@planillas/domain'
import {
  bankHolderOf,
  DEFAULT_ACCOUNT_TYPE,
  dayMonthYear,
  EmployeeSchema,
  identifierType,
} from '@planillas/domain'
import { useEffect, useState } from 'react'
import { useActionData, useLoaderData } from 'react-router'
import { FormActions, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { useHydrated } from '~/utils/use-hydrated'
import { type BankCopies, BankSection, cciAccountNote, changedByText, verifierText } from './bank-section'
import { ContactSection } from './contact-section'
import type { EmployeeFormValues } from './employee-fieldset'
import type { employeeFormAction, loadEmployeeForm } from './employee-form.server'
import { isStaleFill, LOOKUP_FILL_FIELDS, type LookupFill } from './lookup-fill'
import { type ContractAssignment, PersonalSection } from './personal-section'
import { useDniLookup } from './use-dni-lookup'

type ActionData = Partial<{
  lookup: import('./employee-form.server').LookupNote
  filled: LookupFill | null
  districts: Option[]
  districtSearch: string
  district: Option | null
}>

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

function defaultsOf(e: EmployeeDetail | null): EmployeeFormValues {
  return {
    identifierType: text(e?.identifierType ?? 1),
    identifier: text(e?.identifier),
    name: text(e?.name),
    surname: text(e?.surname),
    // As the date field shows it: the form takes these values as typed after a save too.
    birthDate: dayMonthYear(e?.birthDate),
    address: text(e?.address),
    ubigeo: text(e?.ubigeo),
    nationality: text(e?.nationality ?? 'PE'),
    gender: text(e?.gender),
    companyId: text(e?.companyId),
    areaId: text(e?.areaId),
    positionId: text(e?.positionId),
    personalPhone: text(e?.personalPhone),
    personalEmail: text(e?.personalEmail),
    emergencyContact: text(e?.emergencyContact),
    emergencyPhoneNumber: text(e?.emergencyPhoneNumber),
    bankId: text(e?.bankId),
    bankAccount: text(e?.bankAccount),
    accountType: text(e?.accountType ?? DEFAULT_ACCOUNT_TYPE),
    bankInterAccount: text(e?.bankInterAccount),
    detractionAccount: text(e?.detractionAccount),
    bankAccountVerified: Boolean(e?.bankAccountVerified),
  }
}

/**
 * The bank section's read-only copies, computed here from the form's current values: the form
 * re-renders on every keystroke for the values it reads itself.
 */
export function bankCopies(
  values: Record<string, unknown> | undefined,
  employee: EmployeeDetail | null,
  userEmail: string,
): BankCopies {
  const type = Number(values?.identifierType)
  return {
    identifierType: identifierType[type as keyof typeof identifierType]?.label ?? '',
    identifier: String(values?.identifier ?? ''),
    holder: bankHolderOf(String(values?.name ?? ''), String(values?.surname ?? '')),
    verifiedBy: verifierText(values, employee, userEmail),
    changedBy: changedByText(employee),
    cciNote: cciAccountNote(values ?? {}),
  }
}

/** The current contract's company, area and position, with the names the employee shows them by. */
function assignmentOf(e: EmployeeDetail | null): ContractAssignment | null {
  const contract = e?.currentContract
  if (!e || !contract) return null
  return {
    contractId: contract.id,
    contractNumber: contract.number,
    company: { id: contract.companyId, name: e.companyName ?? '' },
    area: { id: contract.areaId, name: e.areaName ?? '' },
    position: { id: contract.positionId, name: e.positionName ?? '' },
  }
}

type SchemaFormState = ReturnType<typeof useSchemaForm<EmployeeFormValues>>['form']

/**
 * The names the last DNI look-up filled. When the DNI then changes, names still as
 * found are cleared (the account holder is made of them): they belong to the other person.
 */
function useLookupFill(form: SchemaFormState, action: ActionData | undefined) {
  const [current, set] = useState<LookupFill | null>(action?.filled ?? null)
  useEffect(() => {
    if (action && 'filled' in action) set(action.filled ?? null)
  }, [action])
  const identifier = String(form.value?.identifier ?? '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the DNI matters
  useEffect(() => {
    if (!current || current.dni === identifier.trim()) return
    const names = { name: String(form.value?.name ?? ''), surname: String(form.value?.surname ?? '') }
    if (isStaleFill(current, { identifier, ...names })) {
      form.update({ value: { ...form.value, name: '', surname: '' } })
    }
    set(null)
  }, [identifier])
  return { current, set }
}

/** 'Nuevo colaborador' / 'Editar colaborador': personal, contact and bank sections. */
export function EmployeeForm() {
  const loaded = useLoaderData<typeof loadEmployeeForm>()
  const employee = loaded.employee as EmployeeDetail | null
  const action = useActionData<typeof employeeFormAction>() as ActionData | undefined
  const hydrated = useHydrated()
  const { form, fields, busy } = useSchemaForm<EmployeeFormValues>(EmployeeSchema, {
    // A saved record starts a fresh form: it shows what was stored (e.g. bank data the server left
    // unconfirmed), not what was sent.
    id: `employee-${employee?.id ?? 'new'}-${employee ? new Date(employee.updatedAt).getTime() : ''}`,
    defaultValue: defaultsOf(employee),
  })
  const fill = useLookupFill(form, action)
  const jsNote = useDniLookup({
    type: form.value?.identifierType as string | undefined,
    dni: form.value?.identifier as string | undefined,
    employeeId: employee?.id ?? null,
    initialDni: employee?.identifier ?? null,
    // One update for both fields: two in a row would each start from the same old form value.
    onFound: (found, dni) => {
      const name = found.name ?? String(form.value?.name ?? '')
      const surname = found.surname ?? String(form.value?.surname ?? '')
      form.update({ value: { ...form.value, name, surname } })
      fill.set({ dni, name, surname })
    },
  })
  const selectedDistrict =
    action?.district ??
    (employee?.ubigeo
      ? { value: employee.ubigeo, label: employee.ubigeoDescription ?? employee.ubigeo }
      : null)
  return (
    <FormPage title={employee ? 'Editar colaborador' : 'Nuevo colaborador'}>
      <SchemaForm form={form}>
        {fill.current ? (
          <>
            <input type="hidden" name={LOOKUP_FILL_FIELDS.dni} value={fill.current.dni} />
            <input type="hidden" name={LOOKUP_FILL_FIELDS.name} value={fill.current.name} />
            <input type="hidden" name={LOOKUP_FILL_FIELDS.surname} value={fill.current.surname} />
          </>
        ) : null}
        <PersonalSection
          type={form.value?.identifierType as string | undefined}
          fields={fields}
          options={loaded}
          hydrated={hydrated}
          lookupNote={hydrated ? jsNote : action?.lookup}
          district={{
            selected: selectedDistrict,
            results: action?.districts,
            searchTerm: action?.districtSearch,
          }}
          assignment={assignmentOf(employee)}
        />
        <ContactSection fields={fields} />
        <BankSection
          fields={fields}
          banks={loaded.banks}
          copies={bankCopies(form.value, employee, loaded.userEmail)}
        />
        <FormActions backTo="/colaboradores" backLabel={employee ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}
