import { z } from 'zod'
import { SearchSchema } from '../common/list'
import type { Wire } from '../common/wire'

/** What 'Carga de comprobantes' answers (`/voucher-batches`). */
export const VoucherBatchRowSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  errorCount: z.number(),
  /** Vouchers a PROCESADO batch registered. */
  voucherCount: z.number(),
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
})

/** The list's filters: file name or user, and status. */
export const VoucherBatchFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(4).nullish(),
})
export type VoucherBatchFilter = z.infer<typeof VoucherBatchFilterSchema>

export type VoucherBatchRow = Wire<typeof VoucherBatchRowSchema>
