import { z } from 'zod'
import type { Wire } from '../common/wire'

/** A row of 'Mantenimiento › Bancos'. */
export const BankRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  status: z.number(),
  /** 'referencia' (db/reference/banks.csv) or 'usuario' (added or edited by an administrator). */
  source: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

/** What a bank's create, rename and status change answer: its code (the key). */
export const BankCodePayloadSchema = z.object({ code: z.string() })

export type BankRow = Wire<typeof BankRowSchema>
