import type { Option } from '@planillas/domain'
import {
  FORM_IDENTIFIER_TYPES,
  identifierIsNumeric,
  identifierMaxLength,
  identifierType,
  SEXES,
  sex,
} from '@planillas/domain'
import { Link } from 'react-router'
import { DateField, ReadOnlyField, SelectField, TextField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { SearchPickerField } from '~/components/form/search-picker-field'
import type { EmployeeFieldset } from './employee-fieldset'
import type { LookupNote } from './employee-form.server'
import { LookupNoteText } from './lookup-note'

const typeOptions = FORM_IDENTIFIER_TYPES.map((t) => ({ value: String(t), label: identifierType[t].label }))
const sexOptions = SEXES.map((s) => ({ value: String(s), label: sex[s as 1 | 2].label }))

export type PersonalOptions = {
  countries: Option[]
  companies: Option[]
  areas: Option[]
  positions: Option[]
}

/** The assignment of a current contract: the form shows it, fixed, and sends it back unchanged. */
export type ContractAssignment = {
  contractId: number
  contractNumber: string
  company: { id: number; name: string }
  area: { id: number; name: string }
  position: { id: number; name: string }
}

/** Personal data: document (with the DNI look-up), names, birth, address and district, assignment. */
export function PersonalSection({
  fields,
  options,
  hydrated,
  lookupNote,
  district,
  type,
  assignment,
}: {
  /** The chosen document type, read by the form (it sets the number's length and keyboard). */
  type: string | undefined
  fields: EmployeeFieldset
  options: PersonalOptions
  hydrated: boolean
  lookupNote: LookupNote | null | undefined
  district: { selected: Option | null; results?: Option[]; searchTerm?: string }
  /**
   * A current contract's assignment (shown fixed), null (chosen here), or 'contract' when the same
   * form's contract section chooses it (hiring an applicant).
   */
  assignment: ContractAssignment | null | 'contract'
}) {
  return (
    <FormCard title="Datos personales">
      <SelectField meta={fields.identifierType} label="Tipo de documento" required options={typeOptions} />
      <div className="flex flex-col gap-1">
        <TextField
          meta={fields.identifier}
          label="Número de documento"
          required
          maxLength={identifierMaxLength(type)}
          inputMode={identifierIsNumeric(type) ? 'numeric' : 'text'}
          autoComplete="off"
          help={type === '1' ? 'Con 8 dígitos se buscan los nombres y apellidos.' : undefined}
        />
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="lookup"
            formNoValidate
            aria-label="Buscar DNI"
            className="self-start rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            Buscar
          </button>
        )}
        <LookupNoteText note={lookupNote} />
      </div>
      <TextField meta={fields.name} label="Nombres" required maxLength={100} autoComplete="off" />
      <TextField meta={fields.surname} label="Apellidos" required maxLength={100} autoComplete="off" />
      <DateField meta={fields.birthDate} label="Fecha de nacimiento" required />
      <SelectField meta={fields.gender} label="Sexo" required options={sexOptions} />
      <SelectField meta={fields.nationality} label="Nacionalidad" required options={options.countries} />
      <TextField meta={fields.address} label="Dirección" required maxLength={250} />
      <SearchPickerField
        meta={fields.ubigeo}
        label="Ubigeo (distrito)"
        required
        source="/referencia/distritos"
        searchIntent="district"
        selected={district.selected}
        results={district.results}
        searchTerm={district.searchTerm}
        placeholder="Escriba el distrito, p. ej. Miraflores"
      />
      {assignment === 'contract' ? null : assignment ? (
        <FixedAssignment fields={fields} assignment={assignment} />
      ) : (
        <>
          <SelectField meta={fields.companyId} label="Empresa" options={options.companies} />
          <SelectField meta={fields.areaId} label="Área" options={options.areas} />
          <SelectField meta={fields.positionId} label="Cargo" options={options.positions} />
        </>
      )}
    </FormCard>
  )
}

function FixedAssignment({
  fields,
  assignment,
}: {
  fields: EmployeeFieldset
  assignment: ContractAssignment
}) {
  const help = (
    <>
      La empresa, el área y el cargo los fija el contrato vigente{' '}
      <Link to={`/contratos/${assignment.contractId}/detalle`} className="text-blue-700 underline">
        {assignment.contractNumber}
      </Link>
      ; para cambiarlos, registre un nuevo contrato.
    </>
  )
  const rows = [
    { meta: fields.companyId, label: 'Empresa', value: assignment.company },
    { meta: fields.areaId, label: 'Área', value: assignment.area },
    { meta: fields.positionId, label: 'Cargo', value: assignment.position },
  ]
  return rows.map(({ meta, label, value }, i) => (
    <ReadOnlyField
      key={meta.name}
      id={meta.id}
      label={label}
      value={value.name}
      help={i === 0 ? help : undefined}
      errors={meta.errors}
      submits={{ name: meta.name, value: String(value.id) }}
    />
  ))
}
