import { type EmployeeOption, identifierType } from '@planillas/domain'
import type { PickerOption } from '~/components/form/search-picker-field'

/** What naming an employee needs, as the employees API (and the contract preview) answer it. */
export type EmployeeSummary = Pick<EmployeeOption, 'id' | 'identifierType' | 'identifier' | 'fullName'>

/** 'María Elena Quispe Mamani — DNI 45123456': how the employee picker names an employee. */
export const employeeLabel = (e: EmployeeSummary) =>
  `${e.fullName} — ${identifierType[e.identifierType as keyof typeof identifierType]?.label ?? ''} ${e.identifier}`

export const employeeOptionOf = (e: EmployeeSummary | null | undefined): PickerOption | null =>
  e ? { value: String(e.id), label: employeeLabel(e) } : null
