import type { EnumTable } from './enums'
import { isValidRuc } from './ruc'

/**
 * Identity document types: our stored code (SUNAT's Tabla 3 number without its leading zero, plus
 * the seed's own 90/91 for military documents and 0 for others), key and Spanish label. Files for
 * SUNAT take the two-digit code of `sunatDocumentCode`.
 */
export const identifierType = {
  1: { key: 'DNI', label: 'DNI' },
  4: { key: 'CE', label: 'Carné de extranjería' },
  6: { key: 'RUC', label: 'RUC' },
  7: { key: 'PASAPORTE', label: 'Pasaporte' },
  9: { key: 'CARNE_REFUGIO', label: 'Carné de solicitud de refugio' },
  22: { key: 'CARNE_RREE', label: 'Carné de identidad RR.EE.' },
  23: { key: 'CARNE_PTP', label: 'Carné permiso temp. permanencia' },
  24: { key: 'DOC_EXTRANJERO', label: 'Doc. identidad extranjero' },
  26: { key: 'CARNE_CPP', label: 'Carné de permiso temporal de permanencia (CPP)' },
  90: { key: 'LIBRETA_MILITAR', label: 'Libreta militar' },
  91: { key: 'CARNET_MILITAR', label: 'Carnet militar' },
  0: { key: 'OTROS', label: 'Otros' },
} as const satisfies EnumTable

export type IdentifierTypeKey = (typeof identifierType)[keyof typeof identifierType]['key']

export const IDENTIFIER_TYPE = {
  DNI: 1,
  CE: 4,
  RUC: 6,
  PASAPORTE: 7,
  CARNE_REFUGIO: 9,
  CARNE_RREE: 22,
  CARNE_PTP: 23,
  DOC_EXTRANJERO: 24,
  CARNE_CPP: 26,
  LIBRETA_MILITAR: 90,
  CARNET_MILITAR: 91,
  OTROS: 0,
} as const satisfies Record<IdentifierTypeKey, number>

/** The types the employee form offers, in the form's order. */
export const FORM_IDENTIFIER_TYPES = [
  IDENTIFIER_TYPE.DNI,
  IDENTIFIER_TYPE.LIBRETA_MILITAR,
  IDENTIFIER_TYPE.RUC,
  IDENTIFIER_TYPE.CARNET_MILITAR,
  IDENTIFIER_TYPE.CE,
  IDENTIFIER_TYPE.PASAPORTE,
  // Venezuelan and other foreign workers hold a CPP or a refugee card.
  IDENTIFIER_TYPE.CARNE_CPP,
  IDENTIFIER_TYPE.CARNE_REFUGIO,
] as const

/** How a document number of one type is written. */
export type IdentifierRule = {
  /** Digits only, or letters and digits. */
  charset: 'numeric' | 'alphanumeric'
  /** Exact length (DNI 8, RUC 11); otherwise up to `maxLength`. */
  length?: number
  maxLength: number
  /** An extra check (RUC's check digit). */
  check?: (value: string) => boolean
}

const alphanumeric12: IdentifierRule = { charset: 'alphanumeric', maxLength: 12 }
const numeric12: IdentifierRule = { charset: 'numeric', maxLength: 12 }
const alphanumeric15: IdentifierRule = { charset: 'alphanumeric', maxLength: 15 }

export const IDENTIFIER_RULES: Record<number, IdentifierRule> = {
  [IDENTIFIER_TYPE.DNI]: { charset: 'numeric', length: 8, maxLength: 8 },
  [IDENTIFIER_TYPE.RUC]: { charset: 'numeric', length: 11, maxLength: 11, check: isValidRuc },
  [IDENTIFIER_TYPE.CE]: alphanumeric12,
  [IDENTIFIER_TYPE.PASAPORTE]: alphanumeric12,
  [IDENTIFIER_TYPE.LIBRETA_MILITAR]: numeric12,
  [IDENTIFIER_TYPE.CARNET_MILITAR]: numeric12,
  [IDENTIFIER_TYPE.CARNE_REFUGIO]: alphanumeric15,
  [IDENTIFIER_TYPE.CARNE_RREE]: alphanumeric15,
  [IDENTIFIER_TYPE.CARNE_PTP]: alphanumeric15,
  [IDENTIFIER_TYPE.DOC_EXTRANJERO]: alphanumeric15,
  [IDENTIFIER_TYPE.CARNE_CPP]: alphanumeric15,
  [IDENTIFIER_TYPE.OTROS]: alphanumeric15,
}

/**
 * SUNAT's two-digit code of a document type ('01' DNI, '04' CE, '06' RUC, '07' pasaporte, '09'
 * carné de solicitud de refugio, '22' carné RR.EE., '23' PTP, '24' documento extranjero, '26' CPP)
 * for files SUNAT reads; null for the seed's own codes SUNAT has no code for (90, 91, 0).
 */
export function sunatDocumentCode(type: number): string | null {
  if (type === IDENTIFIER_TYPE.LIBRETA_MILITAR || type === IDENTIFIER_TYPE.CARNET_MILITAR) return null
  if (type === IDENTIFIER_TYPE.OTROS || !(type in identifierType)) return null
  return String(type).padStart(2, '0')
}

/**
 * The document-type codes as the upload templates explain them: SUNAT's Tabla 3 codes (written
 * without their leading zero) apart from the system's own 90, 91 and 0, which SUNAT's table lacks.
 */
export function documentTypeCodesNote(): string {
  const entries = Object.entries(identifierType) as [string, { label: string }][]
  const sunat = entries.filter(([code]) => sunatDocumentCode(Number(code)) !== null)
  const own = entries.filter(([code]) => sunatDocumentCode(Number(code)) === null)
  return (
    `Códigos de la Tabla 3 de SUNAT (sin el cero inicial): ${sunat.map(([c, t]) => `${c} ${t.label}`).join(', ')}. ` +
    `Códigos propios del sistema, que no son de SUNAT: ${own.map(([c, t]) => `${c} ${t.label}`).join(', ')}.`
  )
}

/** Our code for SUNAT's two-digit code ('01' → 1), or null when we do not know it. */
export function fromSunatDocumentCode(code: string): number | null {
  if (!/^\d{1,2}$/.test(code.trim())) return null
  const type = Number(code)
  return sunatDocumentCode(type) ? type : null
}

/** Without a chosen type the document and bank identifier fields allow 11 characters. */
export const DEFAULT_IDENTIFIER_MAX_LENGTH = 11

export function identifierMaxLength(type: number | string | null | undefined): number {
  if (type === null || type === undefined || type === '') return DEFAULT_IDENTIFIER_MAX_LENGTH
  return IDENTIFIER_RULES[Number(type)]?.maxLength ?? DEFAULT_IDENTIFIER_MAX_LENGTH
}

/** Whether the field should show a numeric keyboard for this type. */
export const identifierIsNumeric = (type: number | string | null | undefined) =>
  IDENTIFIER_RULES[Number(type)]?.charset === 'numeric'

export const IDENTIFIER_MESSAGES = {
  typeRequired: 'Tipo de documento es requerido',
  required: 'Número de documento es requerido',
  numeric: 'Número de documento debe tener un valor numérico',
  alphanumeric: 'Número de documento solo admite letras y números',
  dniLength: 'El DNI debe tener 8 dígitos',
  rucLength: 'El RUC debe tener 11 dígitos',
  rucCheck: 'RUC inválido: el dígito verificador no corresponde',
  maxLength: (n: number) => `Número de documento admite como máximo ${n} caracteres`,
} as const

/** Letters are kept in upper case (CE and passports); surrounding spaces are dropped. */
export const normalizeIdentifier = (value: string) => value.trim().toUpperCase()

/** The Spanish message for a document number that breaks its type's rule, or null when it is valid. */
export function identifierProblem(type: number, value: string | null | undefined): string | null {
  const v = normalizeIdentifier(value ?? '')
  if (!v) return IDENTIFIER_MESSAGES.required
  const rule = IDENTIFIER_RULES[type]
  if (!rule) return IDENTIFIER_MESSAGES.typeRequired
  if (rule.charset === 'numeric' && !/^\d+$/.test(v)) return IDENTIFIER_MESSAGES.numeric
  if (rule.charset === 'alphanumeric' && !/^[A-Z0-9]+$/.test(v)) return IDENTIFIER_MESSAGES.alphanumeric
  if (rule.length && v.length !== rule.length) {
    return type === IDENTIFIER_TYPE.RUC ? IDENTIFIER_MESSAGES.rucLength : IDENTIFIER_MESSAGES.dniLength
  }
  if (v.length > rule.maxLength) return IDENTIFIER_MESSAGES.maxLength(rule.maxLength)
  if (rule.check && !rule.check(v)) return IDENTIFIER_MESSAGES.rucCheck
  return null
}

export const isValidDni = (value: string) => /^\d{8}$/.test(value)

// ---------------------------------------------------------------------------------------------
// CCI (Código de Cuenta Interbancario): bank 3 + branch 3 + account 12 + 2 check digits.

/** One CCI check digit: weights 1,2,1,2… from the left, a product over 9 loses 9, (10 − sum mod 10) mod 10. */
export function cciCheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2)
    if (product > 9) product -= 9
    sum += product
  }
  return (10 - (sum % 10)) % 10
}

/** Both check digits: DC1 over bank and branch (6 digits), DC2 over the 12 account digits. */
export function isValidCci(value: string): boolean {
  if (!/^\d{20}$/.test(value)) return false
  return (
    cciCheckDigit(value.slice(0, 6)) === Number(value[18]) &&
    cciCheckDigit(value.slice(6, 18)) === Number(value[19])
  )
}

/** The bank code that opens a CCI (its first three digits). */
export const cciBankCode = (cci: string) => cci.slice(0, 3)

/** A CCI from its parts, with both check digits computed (seed data, fixtures). */
export function buildCci(bankCode: string, branch: string, account: string): string {
  const head = `${bankCode}${branch}`
  const body = account.padStart(12, '0')
  return `${head}${body}${cciCheckDigit(head)}${cciCheckDigit(body)}`
}

// ---------------------------------------------------------------------------------------------
// Peruvian mobiles: 9 digits starting with 9 (docs/domain.md).

export const isPeruvianMobile = (value: string) => /^9\d{8}$/.test(value)
