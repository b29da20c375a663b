import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalStorage } from '@planillas/storage'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { DOC, multipart, PDF, recruitmentFixtures } from '@planillas/testing/api/recruitment-fixtures'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findApplicantByDni } from './queries'

let t: TestApp
let filesDir: string
let vacancyA: number
let vacancyB: number
let fb: Awaited<ReturnType<typeof recruitmentFixtures>>

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-cv-'))
  t = await createTestApp({}, { storage: createLocalStorage(filesDir) })
  const fa = await recruitmentFixtures(t.handle.db, 'A')
  fb = await recruitmentFixtures(t.handle.db, 'B')
  const vacancy = async (code: string, f: typeof fa) =>
    (
      await t.call('admin', {
        method: 'POST',
        url: '/api/v1/job-openings',
        payload: {
          code,
          positionId: f.position.id,
          areaId: f.area.id,
          minExperienceYears: 1,
          requestedById: f.employee.id,
          details: '<p>x</p>',
        },
      })
    ).body.payload.id as number
  vacancyA = await vacancy('VAC-A', fa)
  vacancyB = await vacancy('VAC-B', fb)
})
afterAll(async () => {
  await t.close()
  await rm(filesDir, { recursive: true, force: true })
})

let dni = 45_000_000
const fields = (over: Record<string, string | number> = {}) => ({
  identifierType: 1,
  identifier: String(++dni),
  name: 'Luis',
  surname: 'Mendoza Ríos',
  email: 'luis@correo.pe',
  mobile: '987654321',
  jobOpeningId: vacancyA,
  hireDate: '',
  leaveDate: '',
  pendingVacationDays: '',
  ...over,
})
const post = async (
  form: Record<string, string | number>,
  file?: { name: string; content: Buffer },
  who: 'rrhh' | 'lector' = 'rrhh',
) => t.call(who, { method: 'POST', url: '/api/v1/applicants', ...(await multipart(form, file)) })
const storedFiles = async () => (await readdir(filesDir, { recursive: true })).filter((p) => /\.\w+$/.test(p))

describe('applicants API', () => {
  it('registers an applicant with a PDF CV (multipart) and serves it back', async () => {
    const res = await post(fields({ identifier: '41234567' }), { name: 'cv luis.pdf', content: PDF })
    expect(res.status).toBe(200)
    const id = res.body.payload.id
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/applicants/${id}` })
    expect(read.body.payload).toMatchObject({
      code: `POS-${String(id).padStart(6, '0')}`,
      jobOpeningCode: 'VAC-A',
      hasCv: true,
      cvName: 'cv luis.pdf',
    })
    const cv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applicants/${id}/cv`,
      headers: await t.as('lector'),
    })
    expect(cv.statusCode).toBe(200)
    expect(cv.headers['content-type']).toBe('application/pdf')
    expect(cv.headers['content-disposition']).toContain('cv%20luis.pdf')
    expect(cv.rawPayload.equals(PDF)).toBe(true)
    const listed = await t.call('rrhh', { method: 'GET', url: `/api/v1/job-openings/${vacancyA}/applicants` })
    expect(listed.body.payload.map((r: { id: number }) => r.id)).toContain(id)
    const vacancies = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { search: 'mendoza' },
    })
    expect(
      vacancies.body.payload.content.map((r: { code: string; applicants: number }) => [r.code, r.applicants]),
    ).toEqual([['VAC-A', 1]])
    expect(await findApplicantByDni(t.handle.db, '41234567')).toMatchObject({ id, name: 'Luis' })
  })

  it('refuses a CV whose content does not match its extension, a wrong extension and stores nothing', async () => {
    const before = await storedFiles()
    const fake = await post(fields(), { name: 'cv.pdf', content: Buffer.from('MZ not a pdf') })
    expect(fake.status).toBe(400)
    expect(fake.body.messages).toEqual(['El contenido del CV no corresponde a un archivo .pdf, .doc o .docx'])
    const exe = await post(fields(), { name: 'cv.exe', content: PDF })
    expect(exe.body.messages).toEqual(['El CV debe ser un archivo .pdf, .doc o .docx'])
    const docAsDocx = await post(fields(), { name: 'cv.docx', content: DOC })
    expect(docAsDocx.status).toBe(400)
    const big = await post(fields(), {
      name: 'cv.pdf',
      content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
    })
    expect(big.body.messages).toEqual(['El CV admite como máximo 10 MB'])
    expect(await storedFiles()).toEqual(before)
    const doc = await post(fields(), { name: 'cv.doc', content: DOC })
    expect(doc.status).toBe(200)
  })

  it('answers field problems in Spanish, refuses the same document twice per vacancy and enforces permissions', async () => {
    const bad = await post({
      identifierType: '1',
      identifier: '123',
      name: '',
      surname: '',
      email: 'x',
      mobile: '812345678',
      jobOpeningId: '',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual([
      'Nombres son requeridos',
      'Apellidos son requeridos',
      'Ingrese un correo electrónico válido',
      'Celular debe empezar con 9',
      'Vacante es requerida',
      'El DNI debe tener 8 dígitos',
    ])
    const unknownVacancy = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/applicants',
      payload: fields({ jobOpeningId: 99999 }),
    })
    expect(unknownVacancy.body.messages).toEqual(['Vacante inválida'])
    const first = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/applicants',
      payload: fields({ identifier: '42222222' }),
    })
    expect(first.status).toBe(200)
    const again = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/applicants',
      payload: fields({ identifier: '42222222' }),
    })
    expect(again.body.messages).toEqual(['El documento ya está registrado como postulante de esta vacante'])
    const elsewhere = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/applicants',
      payload: fields({ identifier: '42222222', jobOpeningId: vacancyB }),
    })
    expect(elsewhere.status).toBe(200)
    expect((await post(fields(), undefined, 'lector')).status).toBe(403)
    const noCv = await t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/applicants/${first.body.payload.id}/cv`,
    })
    expect(noCv.status).toBe(404)
    expect(noCv.body.messages).toEqual(['El postulante no tiene CV'])
  })

  it('replaces the CV on update, removes the old file and audits', async () => {
    const created = await post(fields({ identifier: '43333333' }), { name: 'uno.pdf', content: PDF })
    const id = created.body.payload.id
    const before = await storedFiles()
    const put = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/applicants/${id}`,
      ...(await multipart(fields({ identifier: '43333333', name: 'Luis Alberto' }), {
        name: 'dos.doc',
        content: DOC,
      })),
    })
    expect(put.status).toBe(200)
    const after = await storedFiles()
    expect(after.length).toBe(before.length)
    expect(after).not.toEqual(before)
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'Luis Alberto' },
    })
    expect(audit.body.payload.content[0].description).toContain("CV 'uno.pdf' → 'dos.doc'")
    const status = await t.call('rrhh', { method: 'PUT', url: `/api/v1/applicants/${id}/status?status=2` })
    expect(status.body.messages).toEqual(['Estado actualizado correctamente'])
  })

  it('filters by dates, pending vacation, company and area and exports the same rows', async () => {
    const mk = (identifier: string, over: Record<string, string | number>) =>
      t.call('rrhh', {
        method: 'POST',
        url: '/api/v1/applicants',
        payload: fields({ identifier, jobOpeningId: vacancyB, ...over }),
      })
    await mk('46000001', { hireDate: '2025-01-10', leaveDate: '2025-12-31', pendingVacationDays: 12 })
    await mk('46000002', { hireDate: '2026-03-01', pendingVacationDays: 0 })
    const list = (filter: Record<string, unknown>) =>
      t.call('rrhh', { method: 'POST', url: '/api/v1/applicants/list', payload: filter })
    const ids = async (filter: Record<string, unknown>) =>
      (await list(filter)).body.payload.content.map((r: { identifier: string }) => r.identifier).sort()
    expect(await ids({ hireDate: { from: '2025-01-01', to: '2025-06-30' } })).toEqual(['46000001'])
    expect(await ids({ leaveDate: { from: '2025-12-01' } })).toEqual(['46000001'])
    expect(await ids({ pendingVacation: true })).toEqual(['46000001'])
    expect(await ids({ companyId: fb.company.id, pendingVacation: false })).toEqual(['42222222', '46000002'])
    expect(await ids({ areaId: fb.area.id, search: '4600' })).toEqual(['46000001', '46000002'])
    expect(await ids({ positionId: fb.position.id, search: 'mendoza', status: 2 })).toEqual([])
    const bad = await list({ hireDate: { from: '2026-01-02', to: '2026-01-01' } })
    expect(bad.status).toBe(400)
    const all = await list({ companyId: fb.company.id })
    const xlsx = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/applicants/xlsx',
      payload: { companyId: fb.company.id },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer)
    expect(workbook.worksheets[0].actualRowCount - 1).toBe(all.body.payload.totalElements)
    expect(all.body.payload.totalElements).toBe(3)
  })
})
