import type { Option } from '@planillas/domain'
import {
  type ContractPreview,
  ContractSchema,
  contractEndDate,
  contractPay,
  contractPayDate,
  isIndefinite,
  isoFromDayMonthYear,
  todayInLima,
} from '@planillas/domain'
import { useState } from 'react'
import { useActionData, useLoaderData } from 'react-router'
import { FormActions, FormNote, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { employeeOptionOf } from '~/routes/colaboradores/+shared/employee-option'
import { useHydrated } from '~/utils/use-hydrated'
import type { ContractFormValues } from './contract-fieldset'
import type { contractFormAction, loadContractForm } from './contract-form.server'
import { DetailsSection } from './details-section'
import { EmployeeSection } from './employee-section'
import { useContractPreview } from './use-contract-preview'

type ActionData = Partial<{
  preview: ContractPreview | null
  employees: Option[]
  employeeSearch: string
}>

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))
const ticked = (value: unknown) => value === true || value === 'on' || value === 'true'

/**
 * 'Nuevo contrato' / 'Editar contrato': 'Información del Colaborador' and 'Detalles del
 * Contrato'. The end date and the total follow the duration, the start and the pay as they are
 * typed (with JavaScript) or on 'Calcular' and on save (without); the server computes them again.
 */
export function ContractForm() {
  const loaded = useLoaderData<typeof loadContractForm>()
  const action = useActionData<typeof contractFormAction>() as ActionData | undefined
  const hydrated = useHydrated()
  const { contract, renewal } = loaded
  const { form, fields, busy } = useSchemaForm<ContractFormValues>(ContractSchema, {
    id: `contract-${contract?.id ?? `new-${renewal?.id ?? ''}`}`,
    defaultValue: loaded.defaults,
  })
  const [pickedEmployee, setPickedEmployee] = useState<string | null>(null)
  const values = {
    employeeId: pickedEmployee ?? text(fields.employeeId.value),
    contractType: text(fields.contractType.value),
    startDate: isoFromDayMonthYear(text(fields.startDate.value)),
    baseSalary: text(fields.baseSalary.value),
    familyAllowance: ticked(fields.familyAllowance.value),
    renewsContractId: text(fields.renewsContractId.value),
  }
  const live = useContractPreview(values, contract?.id ?? null, hydrated)
  const preview = (hydrated ? live : undefined) ?? action?.preview ?? loaded.preview
  const computed = hydrated ? browserFigures(values) : null
  const finishDate = computed ? computed.finishDate : (preview?.finishDate ?? null)
  const totalSalary = computed ? computed.totalSalary : (preview?.totalSalary ?? null)
  const employee =
    values.employeeId && preview?.employee?.id === Number(values.employeeId) ? preview.employee : null
  return (
    <FormPage title={contract ? 'Editar contrato' : 'Nuevo contrato'}>
      {renewal ? (
        <FormNote>
          Renovación del contrato <strong>{renewal.number}</strong>: el nuevo contrato empieza el día
          siguiente a su fin; al guardarlo, el contrato {renewal.number} queda FINALIZADO.
        </FormNote>
      ) : null}
      <SchemaForm form={form}>
        <input type="hidden" name={fields.renewsContractId.name} value={values.renewsContractId} />
        <EmployeeSection
          fields={fields}
          hydrated={hydrated}
          fixed={Boolean(contract || renewal)}
          contractNumber={contract?.number ?? null}
          employee={employee}
          alert={values.employeeId ? (preview?.alert ?? null) : null}
          currentContractId={preview?.currentContract?.id ?? null}
          picker={{
            selected: employeeOptionOf(employee) ?? employeeOptionOf(preview?.employee),
            results: action?.employees,
            searchTerm: action?.employeeSearch,
            onChange: (option) => setPickedEmployee(option?.value ?? ''),
          }}
        />
        <DetailsSection
          fields={fields}
          hydrated={hydrated}
          options={loaded}
          finishDate={finishDate}
          totalSalary={totalSalary}
          indefinite={isIndefinite(Number(values.contractType))}
          warnings={preview?.warnings ?? []}
        />
        <FormActions backTo="/contratos" backLabel={contract ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

/** End date and total as the domain computes them, for the values typed so far. */
export function browserFigures(values: {
  contractType: string
  startDate: string
  baseSalary: string
  familyAllowance: boolean
}) {
  const finishDate = contractEndDate(values.startDate, Number(values.contractType) || null)
  const base = Number(values.baseSalary)
  const valid =
    /^\d+(\.\d{1,2})?$/.test(values.baseSalary.trim()) &&
    base > 0 &&
    /^\d{4}-\d{2}-\d{2}$/.test(values.startDate)
  return {
    finishDate,
    // The allowance follows the RMV on the pay date (today while the contract runs).
    totalSalary: valid
      ? contractPay(
          base,
          values.familyAllowance,
          contractPayDate({ startDate: values.startDate, finishDate }, todayInLima()),
        ).totalSalary
      : null,
  }
}
