import { z } from 'zod'
import { BANK_ACCOUNT_MESSAGES, bankAccountFields, crossCheckAccount } from '../banks/bank-account-fields'
import { isIsoDate } from '../common/dates'
import {
  idList,
  idNumber,
  isDigits,
  optionalByRules,
  optionalText,
  type Rule,
  requiredByRules,
  requiredCode,
  requiredText,
} from '../common/fields'
import { todayInLima } from '../common/format'
import {
  FORM_IDENTIFIER_TYPES,
  IDENTIFIER_MESSAGES,
  identifierProblem,
  isPeruvianMobile,
  normalizeIdentifier,
} from '../common/identifiers'
import { DateRangeSchema, SearchSchema } from '../common/list'
import { ACCOUNT_TYPE, EMPLOYEE_STATUSES, FORM_ACCOUNT_TYPES, SEXES } from './employee-enums'

/** Every message of the employee form, shared by the form and the API. */
export const EMPLOYEE_MESSAGES = {
  ...IDENTIFIER_MESSAGES,
  ...BANK_ACCOUNT_MESSAGES,
  nameRequired: 'Nombres son requeridos',
  surnameRequired: 'Apellidos son requeridos',
  birthDateRequired: 'Fecha de nacimiento es requerida',
  birthDateInvalid: 'Fecha de nacimiento inválida',
  birthDateFuture: 'Fecha de nacimiento no puede ser posterior a hoy',
  addressRequired: 'Dirección es requerida',
  ubigeoRequired: 'Ubigeo es requerido',
  ubigeoInvalid: 'Ubigeo inválido',
  nationalityRequired: 'Nacionalidad es requerido',
  nationalityInvalid: 'Nacionalidad inválida',
  sexRequired: 'Sexo es requerido',
  mobileRequired: 'Celular es requerido',
  mobileNumeric: 'Celular debe ser un valor numérico',
  mobileLength: 'Ingresa un celular válido de 9 dígitos',
  mobileStart: 'Celular debe empezar con 9',
  emailRequired: 'Correo electrónico es requerido',
  emailInvalid: 'Ingresa un correo electrónico válido',
  emergencyPhoneNumeric: 'Teléfono de emergencia debe ser un valor numérico',
  emergencyPhoneLength: 'Ingrese un teléfono de emergencia válido de 9 dígitos',
  emergencyPhoneStart: 'Teléfono de emergencia debe empezar con 9',
  holderMax: 'Titular de la cuenta admite como máximo 200 caracteres (nombres y apellidos)',
  cciInvalid: 'Número de CCI inválido',
  bankFourEyes: 'Usted registró o modificó estos datos bancarios: debe confirmarlos otro usuario',
  detractionNumeric: 'Cuenta de detracción debe ser un valor numérico',
  detractionMax: 'Cuenta de detracción admite como máximo 20 dígitos',
  companyInvalid: 'Empresa inválida',
  areaInvalid: 'Área inválida',
  positionInvalid: 'Cargo inválido',
  assignmentByContract:
    'La empresa, el área y el cargo los fija el contrato vigente: para cambiarlos, registre un nuevo contrato',
  statusNeedsContract:
    'El colaborador no tiene un contrato vigente: estará SIN CONTRATO hasta que se le registre uno',
  statusHasContract:
    'El colaborador tiene un contrato vigente: estará ACTIVO mientras ese contrato no termine',
  duplicate: 'Ya existe un colaborador registrado con el mismo tipo y número de documento',
  dniFormat: 'El DNI debe tener 8 dígitos',
} as const
const M = EMPLOYEE_MESSAGES

const mobileRules = (numeric: string, length: string, start: string): Rule[] => [
  [isDigits, numeric],
  [(v) => v.length === 9, length],
  [isPeruvianMobile, start],
]

const optionalId = (message: string) => idNumber(message).nullish()

/** A real calendar day from 1900 on: Date.parse took 2025-02-30 for 2 March and let it reach the database. */
const validBirthDate = (v: string) => isIsoDate(v)

/** The employee form's fields, shared with the hiring form (`HireSchema`). */
export const employeeFields = {
  // Personal data
  identifierType: requiredCode(M.typeRequired, FORM_IDENTIFIER_TYPES),
  identifier: z.string({ error: M.required }).trim().min(1, M.required).transform(normalizeIdentifier),
  name: requiredText(M.nameRequired, 100, 'Nombres admite como máximo 100 caracteres'),
  surname: requiredText(M.surnameRequired, 100, 'Apellidos admite como máximo 100 caracteres'),
  birthDate: requiredByRules(M.birthDateRequired, [
    [validBirthDate, M.birthDateInvalid],
    [(v) => v <= todayInLima(), M.birthDateFuture],
  ]),
  address: requiredText(M.addressRequired, 250, 'Dirección admite como máximo 250 caracteres'),
  ubigeo: requiredByRules(M.ubigeoRequired, [[(v) => /^\d{6}$/.test(v), M.ubigeoInvalid]]),
  nationality: requiredByRules(M.nationalityRequired, [
    [(v) => /^[A-Za-z]{2}$/.test(v), M.nationalityInvalid],
  ]).transform((v) => v.toUpperCase()),
  gender: requiredCode(M.sexRequired, SEXES),
  companyId: optionalId(M.companyInvalid),
  areaId: optionalId(M.areaInvalid),
  positionId: optionalId(M.positionInvalid),
  // Contact
  personalPhone: requiredByRules(
    M.mobileRequired,
    mobileRules(M.mobileNumeric, M.mobileLength, M.mobileStart),
  ),
  personalEmail: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .pipe(
      z.email({ error: M.emailInvalid }).max(150, 'Correo electrónico admite como máximo 150 caracteres'),
    ),
  emergencyContact: optionalText(150, 'Contacto de emergencia admite como máximo 150 caracteres'),
  emergencyPhoneNumber: optionalByRules(
    mobileRules(M.emergencyPhoneNumeric, M.emergencyPhoneLength, M.emergencyPhoneStart),
  ),
  // Bank: document type, number and holder are copies of the personal data, set by the server.
  ...bankAccountFields(FORM_ACCOUNT_TYPES, M.cciInvalid),
  detractionAccount: optionalByRules([
    [isDigits, M.detractionNumeric],
    [(v) => v.length <= 20, M.detractionMax],
  ]),
  bankAccountVerified: z.boolean({ error: 'Confirmación de datos bancarios inválida' }).default(false),
}

type EmployeeFieldsOutput = z.output<z.ZodObject<typeof employeeFields>>

/**
 * Rules that read two fields; they run even when other fields failed, so every problem shows at once.
 * Shared with the hiring form (`HireSchema`).
 */
export function employeeCrossChecks(input: unknown, ctx: z.RefinementCtx) {
  const value = input as Partial<EmployeeFieldsOutput>
  if (typeof value.identifierType === 'number' && typeof value.identifier === 'string' && value.identifier) {
    const problem = identifierProblem(value.identifierType, value.identifier)
    if (problem) ctx.addIssue({ code: 'custom', path: ['identifier'], message: problem })
  }
  crossCheckAccount(value, ctx)
  if (typeof value.name === 'string' && typeof value.surname === 'string') {
    if (bankHolderOf(value.name, value.surname).length > 200) {
      ctx.addIssue({ code: 'custom', path: ['bankHolder'], message: M.holderMax })
    }
  }
}

export const EmployeeSchema = z.object(employeeFields).superRefine(employeeCrossChecks, { when: () => true })
export type EmployeeInput = z.infer<typeof EmployeeSchema>
export type EmployeeFormInput = z.input<typeof EmployeeSchema>

/** The account holder shown (read-only) in the bank section: names then surnames. */
export const bankHolderOf = (name: string, surname: string) => `${name.trim()} ${surname.trim()}`.trim()

/** The default account type offered to a new employee. */
export const DEFAULT_ACCOUNT_TYPE = ACCOUNT_TYPE.SALARY

export const DniSchema = z
  .string()
  .trim()
  .regex(/^\d{8}$/, M.dniFormat)

/** A list of ids as JSON arrays or single values send them. */
const ids = idList()

export const EmployeeFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce
    .number({ error: 'Estado inválido' })
    .int()
    .refine((s) => EMPLOYEE_STATUSES.includes(s), 'Estado inválido')
    .nullish(),
  areaIds: ids,
  /** Positions (the screens' 'roles' and 'cargos'). */
  roleIds: ids,
  /** Start date range of the employee's current contract. */
  contractInitiation: DateRangeSchema.nullish(),
  /** End date range of the employee's current contract. */
  contractFinish: DateRangeSchema.nullish(),
  companyId: idNumber('Empresa inválida').nullish(),
})
export type EmployeeFilter = z.infer<typeof EmployeeFilterSchema>
