import { z } from 'zod'
import { idNumber } from '../common/fields'
import type { Wire } from '../common/wire'

/** 'Retenciones de cuarta categoría': the paying company and the month of payment (AAAAMM). */
export const FourthCategoryQuerySchema = z.object({
  companyId: idNumber('Elija la empresa'),
  period: z
    .string({ error: 'El periodo es requerido' })
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM'),
})
export type FourthCategoryQuery = z.infer<typeof FourthCategoryQuerySchema>

export const FourthCategoryFileParamsSchema = z.object({
  kind: z.enum(['ps4', '4ta'], { error: 'El archivo debe ser ps4 o 4ta' }),
})

/** A recibo por honorarios PAGADO in the month, with what was withheld at payment. */
export const FourthCategoryRowSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierRuc: z.string(),
  supplierName: z.string(),
  fullNumber: z.string(),
  issueDate: z.string(),
  paidOn: z.string(),
  totalCents: z.number(),
  fourthCategoryCents: z.number(),
  netCents: z.number(),
})

export const FourthCategoryMonthSchema = z.object({
  companyRuc: z.string(),
  companyName: z.string(),
  period: z.string(),
  rows: z.array(FourthCategoryRowSchema),
  totals: z.object({ totalCents: z.number(), fourthCategoryCents: z.number(), netCents: z.number() }),
  /** The PLAME files' names: 0601AAAAMMRUC.ps4 and .4ta. */
  files: z.object({ ps4: z.string(), '4ta': z.string() }),
  /** What keeps the files from being written (a provider's names too long), in Spanish. */
  problems: z.array(z.string()),
})
export type FourthCategoryMonth = Wire<typeof FourthCategoryMonthSchema>
export type FourthCategoryListRow = Wire<typeof FourthCategoryRowSchema>
