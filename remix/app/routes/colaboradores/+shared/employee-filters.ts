import { employeeStatus, enumOptions } from '@planillas/domain'
import type { Catalogs } from '~/catalogs.server'
import type { ListFilter } from '~/components/list/filter-model'

/** 'Filtrar' of the employee list: status, areas, positions, company, contract dates. */
export const employeeFilters = (catalogs: Catalogs): ListFilter[] => [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(employeeStatus) },
  { kind: 'select', name: 'areaIds', label: 'Área', options: catalogs.areas, multiple: true },
  { kind: 'select', name: 'roleIds', label: 'Cargo', options: catalogs.positions, multiple: true },
  { kind: 'select', name: 'companyId', label: 'Empresa', options: catalogs.companies },
  { kind: 'dateRange', name: 'contractInitiation', label: 'Inicio de contrato' },
  { kind: 'dateRange', name: 'contractFinish', label: 'Fin de contrato' },
]
