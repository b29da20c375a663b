import type { Option } from '@planillas/domain'
import { contractDuration, contractStatus, enumOptions } from '@planillas/domain'
import type { ListFilter } from '~/components/list/filter-model'

/** 'Filtrar' of the contract list: Estado, Duración, Empresa, Área, Cargo, start and end date ranges. */
export const contractFilters = (options: {
  companies: Option[]
  areas: Option[]
  positions: Option[]
}): ListFilter[] => [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(contractStatus) },
  {
    kind: 'select',
    name: 'contractType',
    label: 'Duración del contrato',
    chip: 'Duración',
    options: enumOptions(contractDuration),
  },
  { kind: 'select', name: 'companyIds', label: 'Empresa', options: options.companies, multiple: true },
  { kind: 'select', name: 'areaIds', label: 'Área', options: options.areas, multiple: true },
  { kind: 'select', name: 'positionIds', label: 'Cargo', options: options.positions, multiple: true },
  { kind: 'dateRange', name: 'contractInitiation', label: 'Fecha de inicio' },
  { kind: 'dateRange', name: 'contractFinish', label: 'Fecha de fin' },
]
