import { z } from 'zod'
import type { Wire } from '../common/wire'

/** What the applicants API answers (`/applicants`). */

export const ApplicantRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  identifierType: z.number(),
  identifier: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  mobile: z.string(),
  jobOpeningId: z.number(),
  jobOpeningCode: z.string(),
  companyId: z.number().nullable(),
  company: z.string().nullable(),
  areaId: z.number(),
  area: z.string(),
  positionId: z.number(),
  position: z.string(),
  hireDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  pendingVacationDays: z.number().nullable(),
  cvName: z.string().nullable(),
  hasCv: z.boolean(),
  status: z.number(),
  /** Set by 'Contratar': the employee and the contract the applicant was hired with. */
  hiredEmployeeId: z.number().nullable(),
  hiredContractId: z.number().nullable(),
  hiredContractNumber: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

export const ApplicantOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  surname: z.string(),
})

/** What `POST /applicants/{id}/hire` answers: the employee and the contract it registered. */
export const HiredSchema = z.object({ employeeId: z.number(), contractId: z.number() })

export type ApplicantRow = Wire<typeof ApplicantRowSchema>
export type ApplicantOption = Wire<typeof ApplicantOptionSchema>
