import type { Option } from '@planillas/domain'
import {
  type ContractPreview,
  type HireFormInput,
  HireSchema,
  isIndefinite,
  isoFromDayMonthYear,
} from '@planillas/domain'
import { useActionData, useLoaderData } from 'react-router'
import { FormActions, FormNote, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { BankSection } from '~/routes/colaboradores/+shared/bank-section'
import { ContactSection } from '~/routes/colaboradores/+shared/contact-section'
import type { EmployeeFieldset } from '~/routes/colaboradores/+shared/employee-fieldset'
import { bankCopies } from '~/routes/colaboradores/+shared/employee-form'
import type { LookupNote } from '~/routes/colaboradores/+shared/employee-form.server'
import { PersonalSection } from '~/routes/colaboradores/+shared/personal-section'
import type { ContractFieldset } from '~/routes/contratos/+shared/contract-fieldset'
import { browserFigures } from '~/routes/contratos/+shared/contract-form'
import { DetailsSection } from '~/routes/contratos/+shared/details-section'
import { useHydrated } from '~/utils/use-hydrated'
import type { hireFormAction, loadHireForm } from './hire-form.server'

type FormValues = Record<
  Exclude<keyof HireFormInput, 'bankAccountVerified' | 'familyAllowance'>,
  string | null | undefined
> & { bankAccountVerified?: boolean; familyAllowance?: boolean | string }

type ActionData = Partial<{
  lookup: LookupNote
  districts: Option[]
  districtSearch: string
  district: Option | null
  preview: ContractPreview | null
}>

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))
const ticked = (value: unknown) => value === true || value === 'on' || value === 'true'

/**
 * 'Contratar': the employee form's sections (personal, contact, bank) and the contract
 * form's details in one form, saved by one API call. The company, area and position are the
 * contract's (from the vacancy), which the employee then holds.
 */
export function HireForm() {
  const loaded = useLoaderData<typeof loadHireForm>()
  const action = useActionData<typeof hireFormAction>() as ActionData | undefined
  const hydrated = useHydrated()
  const a = loaded.applicant
  const { form, fields, busy } = useSchemaForm<FormValues>(HireSchema, {
    id: `hire-${a.id}`,
    defaultValue: loaded.defaults,
  })
  // One form, two sections' field sets: each section reads only its own fields, all in this form.
  const employeeFields = fields as unknown as EmployeeFieldset
  const contractFields = fields as unknown as ContractFieldset
  const values = {
    contractType: text(fields.contractType.value),
    startDate: isoFromDayMonthYear(text(fields.startDate.value)),
    baseSalary: text(fields.baseSalary.value),
    familyAllowance: ticked(fields.familyAllowance.value),
  }
  const preview = action?.preview ?? loaded.preview
  const computed = hydrated ? browserFigures(values) : null
  return (
    <FormPage title="Contratar postulante">
      <FormNote>
        Postulante <strong>{a.code}</strong> {a.name} {a.surname}, vacante {a.jobOpeningCode}: al guardar se
        registran el colaborador y su contrato. Complete los datos personales y bancarios y los del contrato.
      </FormNote>
      <SchemaForm form={form}>
        <PersonalSection
          type={form.value?.identifierType as string | undefined}
          fields={employeeFields}
          options={loaded}
          hydrated={hydrated}
          lookupNote={action?.lookup}
          district={{
            selected: action?.district ?? null,
            results: action?.districts,
            searchTerm: action?.districtSearch,
          }}
          assignment="contract"
        />
        <ContactSection fields={employeeFields} />
        <BankSection
          fields={employeeFields}
          banks={loaded.banks}
          copies={bankCopies(form.value, null, loaded.userEmail)}
        />
        <DetailsSection
          fields={contractFields}
          hydrated={hydrated}
          options={loaded}
          finishDate={computed ? computed.finishDate : (preview?.finishDate ?? null)}
          totalSalary={computed ? computed.totalSalary : (preview?.totalSalary ?? null)}
          indefinite={isIndefinite(Number(values.contractType))}
          warnings={preview?.warnings ?? []}
        />
        <FormActions
          backTo={`/reclutamiento/postulantes/${a.id}/detalle`}
          submitLabel="Contratar"
          busyLabel="Contratando…"
          busy={busy}
        />
      </SchemaForm>
    </FormPage>
  )
}
