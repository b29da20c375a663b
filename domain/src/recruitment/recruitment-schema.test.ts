import { describe, expect, it } from 'vitest'
import {
  ApplicantFilterSchema,
  ApplicantSchema,
  cvContentMatches,
  hasCvExtension,
  JobOpeningSchema,
} from './recruitment-schema'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? [])

const vacancy = {
  code: ' vac-001 ',
  positionId: '1',
  areaId: '2',
  minExperienceYears: '3',
  requestedById: '4',
  details: '<p>Buscamos <b>analista</b></p>',
}

describe('JobOpeningSchema', () => {
  it('trims, upper-cases the code and reads numbers from form text', () => {
    expect(JobOpeningSchema.parse(vacancy)).toEqual({
      code: 'VAC-001',
      positionId: 1,
      areaId: 2,
      minExperienceYears: 3,
      requestedById: 4,
      details: '<p>Buscamos <b>analista</b></p>',
    })
  })

  it('reports every missing field with its message', () => {
    const r = JobOpeningSchema.safeParse({
      code: ' ',
      positionId: '',
      areaId: '',
      minExperienceYears: '',
      requestedById: '',
      details: '<p> </p>',
    })
    expect(messages(r)).toEqual([
      'Código de vacante es requerido',
      'Rol es requerido',
      'Área es requerida',
      'Años de experiencia es requerido',
      'Colaborador es requerido',
      'Detalle de la vacante es requerido',
    ])
  })

  it('requires a whole, non-negative number of years', () => {
    expect(messages(JobOpeningSchema.safeParse({ ...vacancy, minExperienceYears: 'dos' }))).toEqual([
      'Años de experiencia debe ser un valor numérico',
    ])
    expect(messages(JobOpeningSchema.safeParse({ ...vacancy, minExperienceYears: '-1' }))).toEqual([
      'Años de experiencia debe ser un valor numérico',
    ])
    expect(messages(JobOpeningSchema.safeParse({ ...vacancy, minExperienceYears: 1.5 }))).toEqual([
      'Años de experiencia debe ser un número entero entre 0 y 60',
    ])
    expect(JobOpeningSchema.parse({ ...vacancy, minExperienceYears: '0' }).minExperienceYears).toBe(0)
  })
})

const applicant = {
  identifierType: '1',
  identifier: '45678912',
  name: 'Ana',
  surname: 'Quispe',
  email: 'ana@correo.pe',
  mobile: '987654321',
  jobOpeningId: '1',
  hireDate: '',
  leaveDate: '',
  pendingVacationDays: '',
}

describe('ApplicantSchema', () => {
  it('accepts a valid applicant and turns blanks into null', () => {
    expect(ApplicantSchema.parse(applicant)).toMatchObject({
      identifierType: 1,
      jobOpeningId: 1,
      hireDate: null,
      leaveDate: null,
      pendingVacationDays: null,
    })
  })

  it('applies the identifier rules of the document type', () => {
    expect(messages(ApplicantSchema.safeParse({ ...applicant, identifier: '1234' }))).toEqual([
      'El DNI debe tener 8 dígitos',
    ])
    expect(
      messages(ApplicantSchema.safeParse({ ...applicant, identifierType: '6', identifier: '20100070971' })),
    ).toEqual(['RUC inválido: el dígito verificador no corresponde'])
    expect(messages(ApplicantSchema.safeParse({ ...applicant, identifierType: '' }))).toEqual([
      'Tipo de documento es requerido',
    ])
  })

  it('checks mobile, e-mail, dates and vacation days', () => {
    const r = ApplicantSchema.safeParse({
      ...applicant,
      mobile: '887654321',
      email: 'no-es-correo',
      hireDate: '2026-05-10',
      leaveDate: '2026-05-01',
      pendingVacationDays: '-3',
    })
    expect(messages(r)).toEqual([
      'Ingrese un correo electrónico válido',
      'Celular debe empezar con 9',
      'Días de vacaciones pendientes debe ser un número entero entre 0 y 365',
      'Fecha de cese no puede ser anterior a la fecha de ingreso',
    ])
  })

  it('reads the pending-vacation filter from query text', () => {
    expect(ApplicantFilterSchema.parse({ pendingVacation: 'true' }).pendingVacation).toBe(true)
    expect(ApplicantFilterSchema.parse({ pendingVacation: 'false' }).pendingVacation).toBe(false)
    expect(ApplicantFilterSchema.parse({ pendingVacation: '' }).pendingVacation).toBeUndefined()
  })
})

describe('CV files', () => {
  const bytes = (...b: number[]) => new Uint8Array(b)
  it('accepts .pdf, .doc and .docx names only', () => {
    expect(['cv.PDF', 'cv.doc', 'cv.docx'].map(hasCvExtension)).toEqual([true, true, true])
    expect(['cv.docs', 'cv.exe', 'cv.pdf.exe'].map(hasCvExtension)).toEqual([false, false, false])
  })
  it('checks the content against the extension', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n...')
    expect(cvContentMatches('cv.pdf', pdf)).toBe(true)
    expect(cvContentMatches('cv.docx', pdf)).toBe(false)
    expect(cvContentMatches('cv.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe(true)
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('....word/document.xml')])
    expect(cvContentMatches('cv.docx', zip)).toBe(true)
    expect(cvContentMatches('cv.docx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(false)
    expect(cvContentMatches('cv.pdf', new TextEncoder().encode('MZ fake'))).toBe(false)
  })
})
