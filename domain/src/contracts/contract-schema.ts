import { z } from 'zod'
import { contractEndDate, isIsoDate } from '../common/dates'
import { idList, idNumber, requiredCode, trimInvisible } from '../common/fields'
import { DateRangeSchema, SearchSchema } from '../common/list'
import { CONTRACT_DURATIONS, CONTRACT_MESSAGES, CONTRACT_STATUSES, isIndefinite } from './contracts'

/** Every message of the contract form, shared by the form and the API. */
export const CONTRACT_FORM_MESSAGES = {
  employeeRequired: 'Colaborador es requerido',
  durationRequired: 'Duración del Contrato es requerido',
  startRequired: 'Fecha de Inicio es requerido',
  startInvalid: 'Fecha de Inicio inválida',
  finishRequired: 'Fecha de fin es requerido',
  positionRequired: 'Cargo es requerido',
  areaRequired: 'Área es requerida',
  companyRequired: 'Empresa es requerida',
  baseSalaryRequired: 'Sueldo Base es requerido',
  numeric: 'El campo debe ser numérico',
  baseSalaryPositive: 'Sueldo Base debe ser mayor a cero',
  baseSalaryDecimals: 'Sueldo Base admite como máximo 2 decimales',
  baseSalaryMax: 'Sueldo Base no puede superar S/ 9,999,999.99',
} as const
const M = CONTRACT_FORM_MESSAGES

/** The earliest start date accepted: older contracts are not registered in this product. */
export const MIN_CONTRACT_START = '2000-01-01'

const requiredId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber(message))

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional())

/** Soles with at most two decimals, typed with a dot and without thousands separators. */
const baseSalary = z
  .union([z.number(), z.string()], { error: M.baseSalaryRequired })
  .transform((v) => String(v).trim())
  .superRefine((v, ctx) => {
    const problem = !v
      ? M.baseSalaryRequired
      : !/^\d+(\.\d+)?$/.test(v)
        ? M.numeric
        : !/^\d+(\.\d{1,2})?$/.test(v)
          ? M.baseSalaryDecimals
          : Number(v) <= 0
            ? M.baseSalaryPositive
            : Number(v) > 9_999_999.99
              ? M.baseSalaryMax
              : null
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform(Number)

const startDate = z
  .string({ error: M.startRequired })
  .trim()
  .superRefine((v, ctx) => {
    if (!v) ctx.addIssue({ code: 'custom', message: M.startRequired })
    else if (!isIsoDate(v) || v < MIN_CONTRACT_START)
      ctx.addIssue({ code: 'custom', message: M.startInvalid })
  })

/** A checkbox: 'on' from an HTML form, a boolean from JSON; missing means unticked. */
const checkbox = z.preprocess(
  (v) => v === 'on' || v === 'true' || v === true,
  z.boolean({ error: 'Asignación familiar inválida' }),
)

/** The contract form's fields, shared with the hiring form (`HireSchema`). */
export const contractFields = {
  employeeId: requiredId(M.employeeRequired),
  contractType: requiredCode(M.durationRequired, CONTRACT_DURATIONS),
  startDate,
  /** Computed by the server from the start and the duration; a value sent by the client is ignored. */
  finishDate: z.unknown().optional(),
  positionId: requiredId(M.positionRequired),
  areaId: requiredId(M.areaRequired),
  companyId: requiredId(M.companyRequired),
  baseSalary,
  familyAllowance: checkbox.default(false),
  /** The POR VENCER contract this one renews (the 'Renovar' action). */
  renewsContractId: optionalId,
}

/**
 * The end date is the server's to compute; it is 'required' only when it cannot be computed.
 * Shared with the hiring form (`HireSchema`).
 */
export function contractCrossChecks(input: unknown, ctx: z.RefinementCtx) {
  const value = input as { contractType?: number; startDate?: string }
  const duration = value.contractType
  const fixedTerm =
    typeof duration === 'number' && CONTRACT_DURATIONS.includes(duration) && !isIndefinite(duration)
  if (fixedTerm && !contractEndDate(value.startDate, value.contractType)) {
    ctx.addIssue({ code: 'custom', path: ['finishDate'], message: M.finishRequired })
  }
}

export const ContractSchema = z.object(contractFields).superRefine(contractCrossChecks, { when: () => true })
/**
 * The validated body. Its end date is computed by the server (`contractEndDate`), never taken from
 * the client; the schema has no root transform so that conform can read its constraints.
 */
export type ContractInput = z.output<typeof ContractSchema>
export type ContractFormInput = z.input<typeof ContractSchema>

/** The body of PUT /contracts/{id}/status: a reason (required to dismiss) and the day it took effect. */
export const ContractStatusBodySchema = z
  .object({
    reason: z
      .string()
      .overwrite(trimInvisible)
      .max(500, CONTRACT_MESSAGES.reasonMax)
      .nullish()
      .transform((v) => v || null),
    date: z
      .string()
      .refine(isIsoDate, 'Fecha de cese inválida')
      .nullish()
      .transform((v) => v || null),
  })
  .nullish()
  .transform((v) => v ?? { reason: null, date: null })
export type ContractStatusBody = z.output<typeof ContractStatusBodySchema>

/** What the form sends to compute the end date, the pay, the alert and the warnings as it is filled. */
export const ContractPreviewSchema = z.object({
  contractId: optionalId,
  employeeId: optionalId,
  contractType: z.coerce.number().int().optional().catch(undefined),
  startDate: z.string().trim().optional().catch(undefined),
  baseSalary: z.union([z.number(), z.string()]).optional().catch(undefined),
  familyAllowance: checkbox.optional().catch(false),
  renewsContractId: optionalId,
})
export type ContractPreviewInput = z.output<typeof ContractPreviewSchema>

const ids = idList()

export const ContractFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce
    .number({ error: 'Estado inválido' })
    .int()
    .refine((s) => CONTRACT_STATUSES.includes(s), 'Estado inválido')
    .nullish(),
  /** Start date range. */
  contractInitiation: DateRangeSchema.nullish(),
  /** End date range. */
  contractFinish: DateRangeSchema.nullish(),
  companyIds: ids,
  areaIds: ids,
  /** Cargos. */
  positionIds: ids,
  contractType: z.coerce
    .number({ error: 'Duración inválida' })
    .int()
    .refine((d) => CONTRACT_DURATIONS.includes(d), 'Duración inválida')
    .nullish(),
})
export type ContractFilter = z.infer<typeof ContractFilterSchema>
