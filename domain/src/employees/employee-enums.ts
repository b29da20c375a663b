import type { EnumTable } from '../common/enums'

/** Employee status: ACTIVO while a current contract exists, else SIN CONTRATO (docs/domain.md). */
export const employeeStatus = {
  1: { key: 'ACTIVE', label: 'ACTIVO' },
  2: { key: 'NO_CONTRACT', label: 'SIN CONTRATO' },
} as const satisfies EnumTable

export const EMPLOYEE_STATUS = { ACTIVE: 1, NO_CONTRACT: 2 } as const
export type EmployeeStatus = (typeof EMPLOYEE_STATUS)[keyof typeof EMPLOYEE_STATUS]
export const EMPLOYEE_STATUSES = Object.values(EMPLOYEE_STATUS) as number[]

/** Bank account types. */
export const accountType = {
  1: { key: 'SAVINGS', label: 'AHORROS' },
  2: { key: 'CHECKING', label: 'CORRIENTE' },
  3: { key: 'SALARY', label: 'SUELDO' },
} as const satisfies EnumTable

export const ACCOUNT_TYPE = { SAVINGS: 1, CHECKING: 2, SALARY: 3 } as const
/** The employee form offers savings or salary accounts. */
export const FORM_ACCOUNT_TYPES = [ACCOUNT_TYPE.SAVINGS, ACCOUNT_TYPE.SALARY] as const

/** Sex, coded as SUNAT's T-Registro does (1 masculino, 2 femenino). */
export const sex = {
  1: { key: 'MALE', label: 'Masculino' },
  2: { key: 'FEMALE', label: 'Femenino' },
} as const satisfies EnumTable

export const SEX = { MALE: 1, FEMALE: 2 } as const
export const SEXES = Object.values(SEX) as number[]

/** Yes/no as the product shows it (1 SÍ, 0 NO). */
export const yesNoLabel = (value: boolean | null | undefined) => (value ? 'SÍ' : 'NO')
