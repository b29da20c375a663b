import type { Option } from '@planillas/domain'
import { type EmployeeOption, identifierType } from '@planillas/domain'

/** What naming an employee needs, as the employees API (and the contract preview) answer it. */
export type EmployeeSummary = Pick<EmployeeOption, 'id' | 'identifierType' | 'identifier' | 'fullName'>

/** 'María Elena Quispe Mamani — DNI 45123456': how the employee picker names an employee. */
export const employeeLabel = (e: EmployeeSummary) =>
  `${e.fullName} — ${identifierType[e.identifierType as keyof typeof identifierType]?.label ?? ''} ${e.identifier}`

export const employeeOptionOf = (e: EmployeeSummary | null | undefined): Option | null =>
  e ? { value: String(e.id), label: employeeLabel(e) } : null
