import { z } from 'zod'

export const BatchRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  period: z.string(),
  name: z.string(),
  type: z.number(),
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  errorCount: z.number(),
  /** SPEC's Base batch: the upload date and the file with its download address. */
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
  payrollId: z.number().nullable(),
})

export const BatchErrorSchema = z.object({
  rowNumber: z.number().nullable(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
})

/** A refused upload: every problem, in the envelope and in payload.messages (SPEC §7). */
export const UploadRefusedSchema = z.object({
  status: z.literal('ERROR'),
  payload: z.object({ messages: z.array(z.string()) }).nullable(),
  messages: z.array(z.string()),
})
