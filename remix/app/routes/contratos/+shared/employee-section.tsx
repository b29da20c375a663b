import type { Option } from '@planillas/domain'
import { enumLabel, identifierType } from '@planillas/domain'
import { Link } from 'react-router'
import { ReadOnlyField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { SearchPickerField } from '~/components/form/search-picker-field'
import { type EmployeeSummary, employeeLabel } from '~/routes/colaboradores/+shared/employee-option'
import type { ContractFieldset } from './contract-fieldset'

type Picker = {
  selected: Option | null
  results?: Option[]
  searchTerm?: string
  onChange: (option: Option | null) => void
}

/**
 * 'Información del Colaborador': the employee (chosen by search on a new contract; fixed when
 * editing or renewing), their document and name read-only, and the alert when they already hold
 * a current contract.
 */
export function EmployeeSection({
  fields,
  hydrated,
  fixed,
  contractNumber,
  employee,
  alert,
  currentContractId,
  picker,
}: {
  fields: ContractFieldset
  hydrated: boolean
  fixed: boolean
  contractNumber: string | null
  employee: EmployeeSummary | null
  alert: string | null
  currentContractId: number | null
  picker: Picker
}) {
  return (
    <FormCard title="Información del Colaborador">
      {contractNumber ? (
        <ReadOnlyField id="contract-number" label="N° de contrato" value={contractNumber} />
      ) : null}
      {fixed ? (
        <ReadOnlyField
          id="contract-employee"
          label="Colaborador"
          value={employee ? employeeLabel(employee) : ''}
          submits={{ name: fields.employeeId.name, value: String(fields.employeeId.initialValue ?? '') }}
        />
      ) : (
        <div className="md:col-span-2">
          <SearchPickerField
            meta={fields.employeeId}
            label="Colaborador"
            required
            source="/colaboradores/opciones"
            searchIntent="employee"
            selected={picker.selected}
            results={picker.results}
            searchTerm={picker.searchTerm}
            placeholder="Escriba nombres, apellidos o número de documento"
            onChange={picker.onChange}
          />
        </div>
      )}
      {alert ? (
        <div
          role="alert"
          className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:col-span-2"
        >
          {/* Said once: a refused save already shows the same text under the employee field. */}
          {fields.employeeId.errors?.includes(alert) ? null : <p>{alert}</p>}
          {currentContractId ? (
            <Link to={`/contratos/${currentContractId}/detalle`} className="font-medium underline">
              Ver el contrato actual
            </Link>
          ) : null}
        </div>
      ) : null}
      <ReadOnlyField
        id="contract-identifier-type"
        label="Tipo de documento"
        value={employee ? enumLabel(identifierType, employee.identifierType) : ''}
      />
      <ReadOnlyField
        id="contract-identifier"
        label="Número de documento"
        value={employee?.identifier ?? ''}
      />
      <ReadOnlyField id="contract-full-name" label="Nombres y apellidos" value={employee?.fullName ?? ''} />
      {!hydrated && !fixed ? (
        <p className="self-end text-xs text-slate-500">
          Tras elegir al colaborador, pulse «Calcular» para ver sus datos y su contrato actual.
        </p>
      ) : null}
    </FormCard>
  )
}
