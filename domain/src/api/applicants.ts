import { z } from 'zod'
import type { Wire } from './wire'

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
  createdAt: z.date(),
  updatedAt: z.date(),
})

export const ApplicantOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  surname: z.string(),
})

export type ApplicantRow = Wire<typeof ApplicantRowSchema>
export type ApplicantOption = Wire<typeof ApplicantOptionSchema>
