import { z } from 'zod'
import type { Wire } from '../common/wire'
import { DniSchema } from './employee-schema'

/** What the employees API answers (`/employees`). */

const text = z.string().nullable()
const id = z.number().nullable()

export const EmployeeRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  identifierType: z.number(),
  identifier: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  companyId: id,
  companyName: text,
  areaId: id,
  areaName: text,
  positionId: id,
  positionName: text,
  status: z.number(),
  createdAt: z.date(),
})

export const EmployeeDetailSchema = EmployeeRowSchema.extend({
  birthDate: text,
  address: text,
  ubigeo: text,
  ubigeoDescription: text,
  nationality: text,
  nationalityName: text,
  gender: id,
  personalPhone: text,
  personalEmail: text,
  emergencyContact: text,
  emergencyPhoneNumber: text,
  bankIdentifierType: id,
  bankIdentifier: text,
  bankHolder: text,
  bankId: text,
  bankName: text,
  bankAccount: text,
  accountType: id,
  bankInterAccount: text,
  detractionAccount: text,
  bankAccountVerified: z.boolean(),
  bankAccountVerifiedBy: text,
  bankAccountVerifiedAt: z.date().nullable(),
  /** Who last changed the bank data: only another user may confirm them. */
  bankDataChangedBy: text,
  bankDataChangedAt: z.date().nullable(),
  updatedAt: z.date(),
  createdBy: text,
})

/** A contract as the employee's screens show it: the current one and each of its history. */
const ContractSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  contractType: z.number(),
  startDate: z.string(),
  finishDate: z.string().nullable(),
  status: z.number(),
})

export const CurrentContractSchema = ContractSummarySchema.extend({
  /** The assignment the contract gives the employee: the employee form shows it fixed. */
  companyId: z.number(),
  areaId: z.number(),
  positionId: z.number(),
})

/** GET /employees/{id}: the employee with labels and its current contract (docs/domain.md). */
export const EmployeeViewSchema = EmployeeDetailSchema.extend({
  currentContract: CurrentContractSchema.nullable(),
})

/** The searchable picker's option: the row's identity, without its assignment. */
export const EmployeeOptionSchema = EmployeeRowSchema.pick({
  id: true,
  code: true,
  identifierType: true,
  identifier: true,
  name: true,
  surname: true,
  fullName: true,
  status: true,
})

export const EmployeeOptionsQuerySchema = z.object({
  search: z.string().trim().max(100, 'La búsqueda admite como máximo 100 caracteres').optional(),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1)
    .max(1000, 'El límite máximo es 1000')
    .optional(),
})

export const DniParamsSchema = z.object({ dni: DniSchema })

/** `GET /employees/dni/:dni`: the names a DNI gives, and whether it is already an employee. */
export const DniLookupSchema = z.object({
  /** Where the names came from: our employees, our applicants, the external provider, or nowhere. */
  source: z.enum(['EMPLOYEE', 'APPLICANT', 'EXTERNAL']).nullable(),
  alreadyExists: z.boolean(),
  employeeId: z.number().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
})

/** The most records of each kind the employee's history shows (newest first). */
export const EMPLOYEE_HISTORY_LIMIT = 50

const HistoryLineSchema = z.object({
  id: z.number(),
  payrollId: z.number(),
  payrollCode: z.string(),
  period: z.string(),
  payrollName: z.string(),
  amount: z.number(),
  paid: z.boolean(),
  paidDate: z.string().nullable(),
  operationNumber: z.string().nullable(),
})

/**
 * `GET /employees/{id}/history`: the employee's contracts, payroll lines and payments
 * made (paid lines), newest first, at most `EMPLOYEE_HISTORY_LIMIT` of each. Payroll lines and
 * payments only for users who may read the payrolls (`payrollShown`).
 */
export const EmployeeHistorySchema = z.object({
  contracts: ContractSummarySchema.extend({ totalSalary: z.number() }).array(),
  payrollShown: z.boolean(),
  payrollLines: HistoryLineSchema.array(),
  payments: HistoryLineSchema.array(),
})

export type EmployeeRow = Wire<typeof EmployeeRowSchema>
export type EmployeeHistory = Wire<typeof EmployeeHistorySchema>
export type EmployeeView = Wire<typeof EmployeeViewSchema>
export type EmployeeOption = Wire<typeof EmployeeOptionSchema>
export type DniLookup = Wire<typeof DniLookupSchema>
