import { z } from 'zod'
import type { Wire } from '../common/wire'

/** What the contracts API answers (`/contracts`). */

const text = z.string().nullable()

export const ContractRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  employeeId: z.number(),
  employeeCode: z.string(),
  identifierType: z.number(),
  identifier: z.string(),
  fullName: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  areaId: z.number(),
  areaName: z.string(),
  positionId: z.number(),
  positionName: z.string(),
  contractType: z.number(),
  startDate: z.string(),
  finishDate: text,
  baseSalary: z.number(),
  familyAllowance: z.boolean(),
  familyAllowanceAmount: z.number(),
  totalSalary: z.number(),
  status: z.number(),
  closedOn: text,
  closeReason: text,
  closedBy: text,
  renewsContractId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  createdBy: text,
})

export const ContractDetailSchema = ContractRowSchema.extend({
  renewsContractNumber: text,
  renewedById: z.number().nullable(),
  renewedByNumber: text,
})

const CurrentContractSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.number(),
  startDate: z.string(),
  finishDate: text,
})

export const ContractPreviewResultSchema = z.object({
  employee: z
    .object({
      id: z.number(),
      code: z.string(),
      identifierType: z.number(),
      identifier: z.string(),
      fullName: z.string(),
      status: z.number(),
    })
    .nullable(),
  currentContract: CurrentContractSchema.nullable(),
  alert: text,
  finishDate: text,
  familyAllowanceAmount: z.number().nullable(),
  totalSalary: z.number().nullable(),
  warnings: z.array(z.string()),
})

export const RenewalPrefillSchema = z.object({
  renewsContractId: z.number(),
  renewsContractNumber: z.string(),
  employeeId: z.number(),
  contractType: z.number(),
  startDate: z.string(),
  finishDate: text,
  companyId: z.number(),
  areaId: z.number(),
  positionId: z.number(),
  baseSalary: z.number(),
  familyAllowance: z.boolean(),
  warnings: z.array(z.string()),
})

export const ContractOptionSchema = z.object({
  id: z.number(),
  number: z.string(),
  employeeId: z.number(),
  fullName: z.string(),
})

/** `PUT /contracts/:id/status?status=N`: the status to move to (the transitions are checked in the API). */
export const ContractStatusChangeQuerySchema = z.object({
  status: z.coerce.number({ error: 'Estado inválido' }).int('Estado inválido'),
})

export type ContractRow = Wire<typeof ContractRowSchema>
export type ContractDetail = Wire<typeof ContractDetailSchema>
export type ContractPreview = Wire<typeof ContractPreviewResultSchema>
export type RenewalPrefill = Wire<typeof RenewalPrefillSchema>
