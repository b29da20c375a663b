import { z } from 'zod'
import { isIsoDate } from '../common/dates'
import { idList } from '../common/fields'
import { formatDate, todayInLima } from '../common/format'
import { DateRangeSchema, SearchSchema } from '../common/list'
import { formatCents } from '../common/money'
import type { Wire } from '../common/wire'
import { VoucherHeadSchema } from './vouchers-api'

/** 'Registrar depósito': the constancia of a detracción's deposit at the Banco de la Nación. */
export const DetractionDepositSchema = z.object({
  constancia: z
    .string({ error: 'El número de constancia es requerido' })
    .trim()
    .regex(/^\d{1,20}$/, 'El número de constancia debe tener solo dígitos (hasta 20)'),
  depositedOn: z
    .string({ error: 'La fecha del depósito es requerida' })
    .trim()
    .superRefine((v, ctx) => {
      if (!isIsoDate(v)) return ctx.addIssue({ code: 'custom', message: 'La fecha del depósito es inválida' })
      if (v > todayInLima())
        ctx.addIssue({ code: 'custom', message: 'La fecha del depósito no puede ser posterior a hoy' })
    }),
})
export type DetractionDepositInput = z.infer<typeof DetractionDepositSchema>

/**
 * 'Importar constancias' (`/constancia-batches`): one upload of SUNAT's constancias, the state of
 * its job and what it recorded. PROCESADO: `matchedCount` detracciones deposited and `errorCount`
 * rows not recorded, each listed with its reason; CON ERRORES: the file was refused whole (its
 * problems listed) and nothing was recorded.
 */
export const ConstanciaBatchRowSchema = z.object({
  id: z.number(),
  /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  /** The problems listed: the rows not recorded (PROCESADO) or the file's problems (CON ERRORES). */
  errorCount: z.number(),
  /** Detracciones a PROCESADO batch deposited. */
  matchedCount: z.number(),
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
})
export type ConstanciaBatchRow = Wire<typeof ConstanciaBatchRowSchema>

/** The list's filters: file name or user, and status. */
export const ConstanciaBatchFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(4).nullish(),
})
export type ConstanciaBatchFilter = z.infer<typeof ConstanciaBatchFilterSchema>

/**
 * A row of the file not recorded, as the file has it (its series and number written out), and
 * why; or a problem of a refused file (its row, or null for the whole file, and nothing else).
 */
export const ConstanciaProblemSchema = z.object({
  rowNumber: z.number().nullable(),
  constancia: z.string().nullable(),
  supplierRuc: z.string().nullable(),
  voucher: z.string().nullable(),
  amountCents: z.number().nullable(),
  message: z.string(),
})
export type ConstanciaBatchProblem = Wire<typeof ConstanciaProblemSchema>

export const RetentionRegisterQuerySchema = z.object({
  period: z
    .string({ error: 'El periodo es requerido' })
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM'),
})

/**
 * Where a voucher's detracción stands: deposited (a constancia recorded), or owed and either still
 * within its deadline (the 5th business day of the month after the voucher's issue) or past it.
 */
export const detractionState = {
  pendiente: 'PENDIENTE',
  depositada: 'DEPOSITADO',
  vencida: 'VENCIDO',
} as const
export type DetractionState = keyof typeof detractionState
export const DETRACTION_STATES = Object.keys(detractionState) as DetractionState[]

const oneOrMany = (v: unknown) =>
  v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]

/** 'Detracciones' filters: state, company, supplier, the vouchers' issue period, search. */
export const DetractionFilterSchema = z.object({
  search: SearchSchema,
  states: z.preprocess(
    oneOrMany,
    z
      .array(
        z.enum(DETRACTION_STATES as [DetractionState, ...DetractionState[]], { error: 'Estado inválido' }),
      )
      .optional(),
  ),
  companyIds: idList('Empresa inválida'),
  supplierIds: idList('Proveedor inválido'),
  /** The month the vouchers were issued in, AAAAMM. */
  period: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM')
      .optional(),
  ),
  depositedOn: DateRangeSchema.nullish(),
})
export type DetractionFilter = z.infer<typeof DetractionFilterSchema>

/** A voucher's detracción as `POST /detractions/list` answers it; amounts in céntimos. */
export const DetractionRowSchema = VoucherHeadSchema.extend({
  /** The voucher's status (APROBADO or PAGADO while owed). */
  status: z.number(),
  spotCode: z.string().nullable(),
  totalCents: z.number(),
  detractionCents: z.number(),
  /** 'Periodo de registro' (AAAAMM): the deadline runs from it. */
  recordingPeriod: z.string(),
  /** The deadline to deposit it: the earlier of the payment and the 5th business day after the period. */
  dueOn: z.string(),
  state: z.enum(DETRACTION_STATES as [DetractionState, ...DetractionState[]]),
  depositedOn: z.string().nullable(),
  constancia: z.string().nullable(),
})

/** The whole filtered list's sums: the detracciones, those deposited and those still owed. */
export const DetractionTotalsSchema = z.object({
  detractionCents: z.number(),
  depositedCents: z.number(),
  owedCents: z.number(),
})

/** Why a deposit is refused, or a row of SUNAT's file is not matched (the API's and the web's words). */
export const DETRACTION_MESSAGES = {
  none: 'El comprobante no tiene detracción que depositar',
  notYet: 'La detracción se deposita cuando el comprobante está APROBADO o PAGADO',
  already: (constancia: string, on: string) =>
    `La detracción ya se depositó: constancia ${constancia} del ${formatDate(on)}`,
  future: 'La fecha del depósito no puede ser posterior a hoy',
  beforeIssue: 'La fecha del depósito no puede ser anterior a la emisión del comprobante',
  constancia: 'El número de constancia debe tener solo dígitos (hasta 20)',
  unmatched: 'No hay un comprobante de ese proveedor con ese tipo, serie y número',
  ambiguous: 'Hay más de un comprobante de ese proveedor con ese tipo, serie y número',
  amount: (cents: number) => `El monto no coincide con la detracción del comprobante (${formatCents(cents)})`,
  sameConstancia: 'Ya estaba registrada con esta constancia',
  twiceInFile: 'Otra fila del archivo ya registra el depósito de este comprobante',
} as const
