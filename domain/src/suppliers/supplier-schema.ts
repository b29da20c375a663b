import { z } from 'zod'
import { BANK_ACCOUNT_MESSAGES, bankAccountFields, crossCheckAccount } from '../banks/bank-account-fields'
import type { EnumTable } from '../common/enums'
import {
  checkbox,
  idList,
  idNumber,
  isDigits,
  optionalByRules,
  optionalText,
  requiredCode,
  requiredText,
} from '../common/fields'
import {
  FORM_IDENTIFIER_TYPES,
  IDENTIFIER_MESSAGES,
  identifierProblem,
  isPeruvianMobile,
  normalizeIdentifier,
} from '../common/identifiers'
import { SearchSchema } from '../common/list'
import { RucSchema } from '../companies/company-schema'
import { ACCOUNT_TYPE } from '../employees/employee-enums'

/** 'Tipo de proveedor': what the supplier sells. */
export const supplierType = {
  1: { key: 'GOODS', label: 'BIENES' },
  2: { key: 'SERVICES', label: 'SERVICIOS' },
  3: { key: 'GOODS_AND_SERVICES', label: 'BIENES Y SERVICIOS' },
} as const satisfies EnumTable
export const SUPPLIER_TYPES = [1, 2, 3] as const

/** 'Tipo de gestión contable': where its vouchers are booked. */
export const managementType = {
  1: { key: 'EXPENSE', label: 'GASTO' },
  2: { key: 'COST', label: 'COSTO' },
  3: { key: 'FIXED_ASSET', label: 'ACTIVO FIJO' },
} as const satisfies EnumTable
export const MANAGEMENT_TYPES = [1, 2, 3] as const

/** A supplier is paid into a savings or a checking account (never a salary account). */
export const SUPPLIER_ACCOUNT_TYPES = [ACCOUNT_TYPE.SAVINGS, ACCOUNT_TYPE.CHECKING] as const

/** Banco de la Nación detraction accounts have 11 digits (the BN file's detail, positions 60–70). */
export const DETRACTION_ACCOUNT_LENGTH = 11

export const SUPPLIER_MESSAGES = {
  ...IDENTIFIER_MESSAGES,
  ...BANK_ACCOUNT_MESSAGES,
  duplicate: 'Ya existe un proveedor registrado con el mismo RUC',
  nameRequired: 'Razón social es requerida',
  addressRequired: 'Domicilio fiscal es requerido',
  ubigeoInvalid: 'Ubigeo inválido',
  phoneNumeric: 'Teléfono debe ser un valor numérico',
  phoneLength: 'Teléfono debe tener entre 6 y 9 dígitos',
  mobileNumeric: 'Celular debe ser un valor numérico',
  mobileLength: 'Ingrese un celular válido de 9 dígitos',
  mobileStart: 'Celular debe empezar con 9',
  emailInvalid: 'Ingrese un correo electrónico válido',
  typeRequired: 'Tipo de proveedor es requerido',
  managementRequired: 'Tipo de gestión contable es requerido',
  expenseLineInvalid: 'Línea de gasto inválida',
  cciInvalid: 'Número de CCI inválido: los dígitos de control no corresponden',
  detractionNumeric: 'Cuenta de detracciones debe ser un valor numérico',
  detractionLength: 'Cuenta de detracciones debe tener 11 dígitos (cuenta del Banco de la Nación)',
} as const
const M = SUPPLIER_MESSAGES

const flag = checkbox('Valor inválido')

const SupplierFields = z.object({
  // Datos del proveedor
  ruc: RucSchema,
  name: requiredText(M.nameRequired, 200, 'Razón social admite como máximo 200 caracteres'),
  address: requiredText(M.addressRequired, 250, 'Domicilio fiscal admite como máximo 250 caracteres'),
  contactName: optionalText(150, 'Nombre de contacto admite como máximo 150 caracteres'),
  ubigeo: optionalByRules([[(v) => /^\d{6}$/.test(v), M.ubigeoInvalid]]),
  authorizer: optionalText(150, 'Autorizador admite como máximo 150 caracteres'),
  payer: optionalText(150, 'Pagador admite como máximo 150 caracteres'),
  phone: optionalByRules([
    [isDigits, M.phoneNumeric],
    [(v) => v.length >= 6 && v.length <= 9, M.phoneLength],
  ]),
  mobile: optionalByRules([
    [isDigits, M.mobileNumeric],
    [(v) => v.length === 9, M.mobileLength],
    [isPeruvianMobile, M.mobileStart],
  ]),
  email: optionalByRules([[(v) => z.email().max(150).safeParse(v).success, M.emailInvalid]]),
  supplierType: requiredCode(M.typeRequired, SUPPLIER_TYPES),
  managementType: requiredCode(M.managementRequired, MANAGEMENT_TYPES),
  expenseLineId: idNumber(M.expenseLineInvalid).nullish(),
  // Datos bancarios
  bankIdentifierType: requiredCode(IDENTIFIER_MESSAGES.typeRequired, FORM_IDENTIFIER_TYPES),
  bankIdentifier: z
    .string({ error: IDENTIFIER_MESSAGES.required })
    .trim()
    .min(1, IDENTIFIER_MESSAGES.required)
    .transform(normalizeIdentifier),
  bankHolder: requiredText(M.holderRequired, 200, 'Titular de la cuenta admite como máximo 200 caracteres'),
  ...bankAccountFields(SUPPLIER_ACCOUNT_TYPES, M.cciInvalid),
  detractionAccount: optionalByRules([
    [isDigits, M.detractionNumeric],
    [(v) => v.length === DETRACTION_ACCOUNT_LENGTH, M.detractionLength],
  ]),
  // Condición tributaria: decides the retention (docs/domain.md, supplier payments)
  retentionAgent: flag,
  perceptionAgent: flag,
  goodTaxpayer: flag,
  /**
   * 'Registrar la cuenta compartida': the clerk knows the account or CCI is also another supplier's or an
   * employee's and saves it anyway (docs/decisions/shared-accounts.md); it stays 'por confirmar'.
   */
  sharedAccountAccepted: flag,
})

/** Rules that read two fields; they run even when others failed, so every problem shows at once. */
function crossChecks(input: Record<string, unknown>, ctx: z.RefinementCtx) {
  const value = input as Partial<z.infer<typeof SupplierFields>>
  if (typeof value.bankIdentifierType === 'number' && value.bankIdentifier) {
    const problem = identifierProblem(value.bankIdentifierType, value.bankIdentifier)
    if (problem) ctx.addIssue({ code: 'custom', path: ['bankIdentifier'], message: problem })
  }
  crossCheckAccount(value, ctx)
}

export const SupplierSchema = SupplierFields.superRefine(crossChecks, { when: () => true })
export type SupplierInput = z.infer<typeof SupplierSchema>
export type SupplierFormInput = z.input<typeof SupplierSchema>

/** On edit the RUC is read-only (as for companies): the body carries the other fields. */
export const SupplierUpdateSchema = SupplierFields.omit({ ruc: true }).superRefine(crossChecks, {
  when: () => true,
})
export type SupplierUpdateInput = z.infer<typeof SupplierUpdateSchema>

/** 'Proveedores' filters: search by RUC or razón social, estado, tipo. */
export const SupplierFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(2).nullish(),
  supplierTypes: idList('Tipo de proveedor inválido'),
})
export type SupplierFilter = z.infer<typeof SupplierFilterSchema>
