import { z } from 'zod'
import type { Wire } from '../common/wire'
import { RucSchema } from './company-schema'

/** What the companies API answers (`/companies`). */
export const CompanyRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  ruc: z.string(),
  name: z.string(),
  address: z.string(),
  legalRepresentative: z.string().nullable(),
  retentionAgent: z.boolean(),
  retentionSeries: z.string(),
  status: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

/** `GET /companies`: the active companies, for the dropdowns. */
export const CompanyOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  ruc: z.string(),
  name: z.string(),
})

export const RucParamsSchema = z.object({ ruc: RucSchema })

/** `GET /companies/ruc/:ruc`: a registered company's name, or what the RUC service knows. */
export const RucLookupSchema = z.object({
  alreadyExists: z.boolean(),
  name: z.string().nullable(),
  address: z.string().nullable(),
})

export const CompanyAccountRowSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  bankCode: z.string(),
  bankName: z.string(),
  currency: z.string(),
  accountType: z.string(),
  account: z.string(),
  interAccount: z.string().nullable(),
  status: z.number(),
})

export type CompanyRow = Wire<typeof CompanyRowSchema>
export type CompanyOption = Wire<typeof CompanyOptionSchema>
export type RucLookup = Wire<typeof RucLookupSchema>
export type CompanyAccountRow = Wire<typeof CompanyAccountRowSchema>
