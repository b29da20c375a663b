import dayjs from 'dayjs'
import { z } from 'zod'
import type { EnumTable } from '../common/enums'
import { requiredCode, requiredText } from '../common/fields'
import { todayInLima } from '../common/format'
import { SearchSchema } from '../common/list'

/** Payroll type: 1 OPERADORES, 2 ADMINISTRATIVOS. */
export const payrollType = {
  1: { key: 'OPERATORS', label: 'OPERADORES' },
  2: { key: 'ADMINISTRATORS', label: 'ADMINISTRATIVOS' },
} as const satisfies EnumTable
export const PAYROLL_TYPES = [1, 2] as const

/** A payroll is VIGENTE until annulled; an annulled payroll takes no payments (docs/domain.md). */
export const payrollStatus = {
  1: { key: 'ACTIVE', label: 'VIGENTE', action: 'Anular' },
  2: { key: 'INACTIVE', label: 'ANULADA', action: 'Reactivar' },
} as const satisfies EnumTable

/** The life of an uploaded payroll file. */
export const batchStatus = {
  1: { key: 'PENDING', label: 'PENDIENTE' },
  2: { key: 'PROCESSING', label: 'PROCESANDO' },
  3: { key: 'PROCESSED', label: 'PROCESADO' },
  4: { key: 'FAILED', label: 'CON ERRORES' },
} as const satisfies EnumTable
export const BATCH_STATUS = { PENDING: 1, PROCESSING: 2, PROCESSED: 3, FAILED: 4 } as const
export type BatchStatus = (typeof BATCH_STATUS)[keyof typeof BATCH_STATUS]
/** A batch in one of these states is still being worked on: screens refresh while they see one. */
export const isBatchRunning = (status: number) =>
  status === BATCH_STATUS.PENDING || status === BATCH_STATUS.PROCESSING

export const PAYROLL_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  codeMax: 50,
  nameMax: 100,
} as const

export const PAYROLL_UPLOAD_MESSAGES = {
  code: 'Código de Planilla es requerido',
  codeMax: `Código de Planilla admite como máximo ${PAYROLL_LIMITS.codeMax} caracteres`,
  codeTaken: 'Ya existe una planilla o una carga en curso con el mismo código',
  period: 'Periodo es requerido',
  periodInvalid: 'Periodo inválido: use el formato AAAAMM y un mes no posterior al siguiente',
  name: 'Nombre de planilla es requerido',
  nameMax: `Nombre de planilla admite como máximo ${PAYROLL_LIMITS.nameMax} caracteres`,
  type: 'Tipo es requerido',
  file: 'El archivo es requerido',
  fileExtension: 'El archivo debe tener la extensión .xlsx',
  fileSize: 'El archivo supera el tamaño máximo de 20 MB',
  oneFile: 'Adjunte un solo archivo',
  /** Said when the file is received: the import runs after, and the list tells how it ended. */
  accepted: 'Se recibió el archivo; se está procesando…',
  duplicateFile: (code: string, name: string) =>
    `${DUPLICATE_FILE_PREFIX} ${code} '${name}', del mismo periodo y tipo: no se cargó. Si de verdad es otra planilla, marque '${DUPLICATE_FILE_CONFIRM}' y adjunte el archivo de nuevo`,
} as const

/** How the refusal of a repeated workbook starts: the form shows its confirmation box then. */
export const DUPLICATE_FILE_PREFIX = 'El archivo es idéntico al de la planilla'
/** The confirmation box's label, named by the refusal. */
export const DUPLICATE_FILE_CONFIRM = 'Confirmo que cargo el mismo archivo otra vez'

/** YYYYMM with a real month, not later than next month (the generator's newest option). */
export function isAcceptablePeriod(period: string, now: Date = new Date()): boolean {
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(period)) return false
  const nextMonth = dayjs(todayInLima(now)).add(1, 'month').format('YYYYMM')
  return period >= '200001' && period <= nextMonth
}

/** The fields of the upload form ('Carga base'), shared by the web form and the API. */
export const PayrollBatchFieldsSchema = z.object({
  code: requiredText(PAYROLL_UPLOAD_MESSAGES.code, PAYROLL_LIMITS.codeMax, PAYROLL_UPLOAD_MESSAGES.codeMax),
  period: z
    .string({ error: PAYROLL_UPLOAD_MESSAGES.period })
    .trim()
    // An empty period is 'required', only that: the format check would say it twice.
    .min(1, { message: PAYROLL_UPLOAD_MESSAGES.period, abort: true })
    .refine((p) => isAcceptablePeriod(p), PAYROLL_UPLOAD_MESSAGES.periodInvalid),
  name: requiredText(PAYROLL_UPLOAD_MESSAGES.name, PAYROLL_LIMITS.nameMax, PAYROLL_UPLOAD_MESSAGES.nameMax),
  type: requiredCode(PAYROLL_UPLOAD_MESSAGES.type, PAYROLL_TYPES),
})
export type PayrollBatchFields = z.infer<typeof PayrollBatchFieldsSchema>

const PeriodFilterSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Periodo inválido')
    .nullish(),
)

/** 'Carga de planillas': search by file name or uploader, filter by period (docs/domain.md). */
export const PayrollBatchFilterSchema = z.object({
  search: SearchSchema,
  period: PeriodFilterSchema,
  status: z.coerce.number().int().min(1).max(4).nullish(),
})
export type PayrollBatchFilter = z.infer<typeof PayrollBatchFilterSchema>

/** 'Planillas': search by name, filters type and period. */
export const PayrollFilterSchema = z.object({
  search: SearchSchema,
  type: z.coerce.number().int().min(1).max(2).nullish(),
  period: PeriodFilterSchema,
})
export type PayrollFilter = z.infer<typeof PayrollFilterSchema>

/** Lines of one payroll: search by document or name, filter paid or not. */
export const PayrollLineFilterSchema = z.object({
  search: SearchSchema,
  paid: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).nullish(),
})
export type PayrollLineFilter = z.infer<typeof PayrollLineFilterSchema>
