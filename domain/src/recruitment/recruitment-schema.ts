import { z } from 'zod'
import type { EnumTable } from '../common/enums'
import { idNumber, requiredText, trimInvisible } from '../common/fields'
import {
  FORM_IDENTIFIER_TYPES,
  IDENTIFIER_MESSAGES,
  identifierProblem,
  isPeruvianMobile,
  normalizeIdentifier,
} from '../common/identifiers'
import { DateRangeSchema, SearchSchema } from '../common/list'

/** Vacancy and applicant status: active or inactive. */
export const recruitmentStatus = {
  1: { key: 'ACTIVE', label: 'ACTIVO', action: 'Desactivar' },
  2: { key: 'INACTIVE', label: 'INACTIVO', action: 'Activar' },
} as const satisfies EnumTable

/** Messages of the vacancy form. */
export const JOB_OPENING_MESSAGES = {
  codeRequired: 'Código de vacante es requerido',
  codeMax: 'Código de vacante admite como máximo 30 caracteres',
  roleRequired: 'Rol es requerido',
  areaRequired: 'Área es requerida',
  experienceRequired: 'Años de experiencia es requerido',
  experienceNumeric: 'Años de experiencia debe ser un valor numérico',
  experienceRange: 'Años de experiencia debe ser un número entero entre 0 y 60',
  employeeRequired: 'Colaborador es requerido',
  detailsRequired: 'Detalle de la vacante es requerido',
  detailsMax: 'Detalle de la vacante admite como máximo 20000 caracteres',
  duplicate: 'Ya existe una vacante con el mismo código',
  roleInvalid: 'Rol inválido',
  areaInvalid: 'Área inválida',
  employeeInvalid: 'Colaborador inválido',
} as const
const V = JOB_OPENING_MESSAGES

/** A required positive id: missing, blank or not a number all say `message`. */
const requiredId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber(message))

/** Blank → required; text that is not a whole number → numeric; then the range. */
const experience = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.union([z.string(), z.number()], { error: V.experienceRequired }).superRefine((v, ctx) => {
    if (v === '') return ctx.addIssue({ code: 'custom', message: V.experienceRequired })
    if (typeof v === 'string' && !/^\d+$/.test(v))
      return ctx.addIssue({ code: 'custom', message: V.experienceNumeric })
    const n = Number(v)
    if (!Number.isInteger(n) || n < 0 || n > 60) ctx.addIssue({ code: 'custom', message: V.experienceRange })
  }),
)

/** Text of an HTML fragment without its tags: a details field with only markup is blank. */
export const htmlText = (html: string) =>
  trimInvisible(
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&(#8203|#x200b|zwnj|zwj|shy);/gi, ''),
  )

export const JobOpeningSchema = z.object({
  code: requiredText(V.codeRequired, 30, V.codeMax).transform((v) => v.toUpperCase()),
  positionId: requiredId(V.roleRequired),
  areaId: requiredId(V.areaRequired),
  minExperienceYears: experience.transform((v) => Number(v)),
  requestedById: requiredId(V.employeeRequired),
  details: z
    .string({ error: V.detailsRequired })
    .trim()
    .max(20000, V.detailsMax)
    .refine((v) => htmlText(v) !== '', V.detailsRequired),
})
export type JobOpeningInput = z.infer<typeof JobOpeningSchema>
export type JobOpeningFormInput = z.input<typeof JobOpeningSchema>

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), idNumber(message).nullish())

const statusFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'Estado inválido' })
    .int()
    .refine((s) => s === 1 || s === 2, 'Estado inválido')
    .nullish(),
)

export const JobOpeningFilterSchema = z.object({
  /** Vacancy code or the name of one of its applicants. */
  search: SearchSchema,
  status: statusFilter,
  areaId: optionalId('Área inválida'),
  positionId: optionalId('Cargo inválido'),
  companyId: optionalId('Empresa inválida'),
  /** Creation date range. */
  createdAt: DateRangeSchema.nullish(),
})
export type JobOpeningFilter = z.infer<typeof JobOpeningFilterSchema>

/** Messages of the applicant form. */
export const APPLICANT_MESSAGES = {
  ...IDENTIFIER_MESSAGES,
  nameRequired: 'Nombres son requeridos',
  surnameRequired: 'Apellidos son requeridos',
  emailRequired: 'Correo electrónico es requerido',
  emailInvalid: 'Ingrese un correo electrónico válido',
  mobileRequired: 'Celular es requerido',
  mobileNumeric: 'Celular debe ser un valor numérico',
  mobileLength: 'Ingrese un celular válido de 9 dígitos',
  mobileStart: 'Celular debe empezar con 9',
  jobOpeningRequired: 'Vacante es requerida',
  jobOpeningInvalid: 'Vacante inválida',
  hireDateInvalid: 'Fecha de ingreso inválida',
  leaveDateInvalid: 'Fecha de cese inválida',
  leaveBeforeHire: 'Fecha de cese no puede ser anterior a la fecha de ingreso',
  vacationInvalid: 'Días de vacaciones pendientes debe ser un número entero entre 0 y 365',
  duplicate: 'El documento ya está registrado como postulante de esta vacante',
  cvRequired: 'CV es requerido',
  cvType: 'El CV debe ser un archivo .pdf, .doc o .docx',
  cvContent: 'El contenido del CV no corresponde a un archivo .pdf, .doc o .docx',
  cvSize: 'El CV admite como máximo 10 MB',
  cvMissing: 'El postulante no tiene CV',
} as const
const A = APPLICANT_MESSAGES

export const CV_MAX_BYTES = 10 * 1024 * 1024
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const

const optionalDate = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.iso
      .date({ error: message })
      .nullish()
      .transform((v) => v ?? null),
  )

export const ApplicantSchema = z
  .object({
    identifierType: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: A.typeRequired })
        .int({ message: A.typeRequired, abort: true })
        .refine((n) => (FORM_IDENTIFIER_TYPES as readonly number[]).includes(n), A.typeRequired),
    ),
    identifier: z.string({ error: A.required }).trim().min(1, A.required).transform(normalizeIdentifier),
    name: requiredText(A.nameRequired, 100, 'Nombres admite como máximo 100 caracteres'),
    surname: requiredText(A.surnameRequired, 100, 'Apellidos admite como máximo 100 caracteres'),
    email: z
      .string({ error: A.emailRequired })
      .trim()
      .min(1, A.emailRequired)
      .pipe(
        z.email({ error: A.emailInvalid }).max(150, 'Correo electrónico admite como máximo 150 caracteres'),
      ),
    mobile: z
      .string({ error: A.mobileRequired })
      .trim()
      .min(1, { message: A.mobileRequired, abort: true })
      .regex(/^\d+$/, { message: A.mobileNumeric, abort: true })
      .length(9, { message: A.mobileLength, abort: true })
      .refine(isPeruvianMobile, A.mobileStart),
    jobOpeningId: requiredId(A.jobOpeningRequired),
    hireDate: optionalDate(A.hireDateInvalid),
    leaveDate: optionalDate(A.leaveDateInvalid),
    pendingVacationDays: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v),
      z.coerce
        .number({ error: A.vacationInvalid })
        .int(A.vacationInvalid)
        .min(0, A.vacationInvalid)
        .max(365, A.vacationInvalid)
        .nullish()
        .transform((v) => v ?? null),
    ),
  })
  .superRefine(
    (input, ctx) => {
      const value = input as Partial<typeof input>
      if (Number.isInteger(value.identifierType) && value.identifier) {
        const problem = identifierProblem(value.identifierType as number, value.identifier)
        if (problem) ctx.addIssue({ code: 'custom', path: ['identifier'], message: problem })
      }
      if (value.hireDate && value.leaveDate && value.leaveDate < value.hireDate) {
        ctx.addIssue({ code: 'custom', path: ['leaveDate'], message: A.leaveBeforeHire })
      }
    },
    { when: () => true },
  )
export type ApplicantInput = z.infer<typeof ApplicantSchema>
export type ApplicantFormInput = z.input<typeof ApplicantSchema>

const yesNo = z.preprocess(
  (v) =>
    v === '' || v === null
      ? undefined
      : v === 'true' || v === true
        ? true
        : v === 'false' || v === false
          ? false
          : v,
  z.boolean({ error: 'Vacaciones pendientes inválido' }).optional(),
)

export const ApplicantFilterSchema = z.object({
  /** Full name or document number. */
  search: SearchSchema,
  status: statusFilter,
  areaId: optionalId('Área inválida'),
  positionId: optionalId('Cargo inválido'),
  companyId: optionalId('Empresa inválida'),
  jobOpeningId: optionalId('Vacante inválida'),
  hireDate: DateRangeSchema.nullish(),
  leaveDate: DateRangeSchema.nullish(),
  /** true: more than zero pending vacation days; false: none (zero or not recorded). */
  pendingVacation: yesNo,
})
export type ApplicantFilter = z.infer<typeof ApplicantFilterSchema>

/** Whether a file name has one of the CV extensions (case-insensitive). */
export const hasCvExtension = (fileName: string) =>
  CV_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext))

/**
 * The CV kind the bytes really are: a PDF starts with `%PDF-`, a Word 97–2003 .doc is an OLE2
 * compound file (D0 CF 11 E0 A1 B1 1A E1), a .docx is a zip (PK 03 04) holding `word/document.xml`.
 * It must agree with the extension.
 */
export function cvContentMatches(fileName: string, content: Uint8Array): boolean {
  const name = fileName.toLowerCase()
  const starts = (bytes: number[]) => bytes.every((b, i) => content[i] === b)
  if (name.endsWith('.pdf')) return starts([0x25, 0x50, 0x44, 0x46, 0x2d])
  if (name.endsWith('.doc')) return starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  if (name.endsWith('.docx')) {
    if (!starts([0x50, 0x4b, 0x03, 0x04])) return false
    return containsAscii(content, 'word/document.xml')
  }
  return false
}

function containsAscii(content: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0))
  outer: for (let i = 0; i <= content.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (content[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

export const CV_CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}
export const cvContentType = (fileName: string) =>
  CV_CONTENT_TYPES[fileName.toLowerCase().slice(fileName.lastIndexOf('.'))] ?? 'application/octet-stream'
