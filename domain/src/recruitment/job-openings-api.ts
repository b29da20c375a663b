import { z } from 'zod'
import type { Wire } from '../common/wire'

/** What the job openings API answers (`/job-openings`). */

export const JobOpeningRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  positionId: z.number(),
  position: z.string(),
  areaId: z.number(),
  area: z.string(),
  companyId: z.number().nullable(),
  company: z.string().nullable(),
  minExperienceYears: z.number(),
  requestedById: z.number(),
  requestedBy: z.string(),
  applicants: z.number(),
  /** Applicants hired with 'Contratar'. */
  hired: z.number(),
  status: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

export const JobOpeningDetailSchema = JobOpeningRowSchema.extend({ details: z.string() })

export const JobOpeningOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  position: z.string(),
  area: z.string(),
})

export type JobOpeningRow = Wire<typeof JobOpeningRowSchema>
export type JobOpeningDetail = Wire<typeof JobOpeningDetailSchema>
export type JobOpeningOption = Wire<typeof JobOpeningOptionSchema>
