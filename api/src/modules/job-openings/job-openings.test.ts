import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { recruitmentFixtures } from '@planillas/testing/api/recruitment-fixtures'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeDetails } from './sanitize'

let t: TestApp
let f: Awaited<ReturnType<typeof recruitmentFixtures>>
beforeAll(async () => {
  t = await createTestApp()
  f = await recruitmentFixtures(t.handle.db, 'Vacantes')
})
afterAll(() => t.close())

const body = (over: Record<string, unknown> = {}) => ({
  code: 'vac-100',
  positionId: f.position.id,
  areaId: f.area.id,
  minExperienceYears: 2,
  requestedById: f.employee.id,
  details: '<p>Analista <b>contable</b></p>',
  ...over,
})
const create = (over: Record<string, unknown> = {}, who: 'admin' | 'rrhh' | 'lector' = 'rrhh') =>
  t.call(who, { method: 'POST', url: '/api/v1/job-openings', payload: body(over) })

describe('details sanitiser', () => {
  it('keeps formatting and drops scripts, handlers, images and javascript: links', async () => {
    expect(
      await sanitizeDetails(
        '<h2 onclick="x()">Perfil</h2><script>alert(1)</script><p style="text-align:center;color:red">Hola <img src=x onerror=alert(1)></p>' +
          '<a href="javascript:alert(1)">a</a><a href="https://empleos.pe" target="_self">b</a><iframe src="//x"></iframe><ul><li>uno</li></ul>',
      ),
    ).toBe(
      '<h2>Perfil</h2><p style="text-align:center">Hola </p><a>a</a><a href="https://empleos.pe" target="_blank" rel="noopener noreferrer">b</a><ul><li>uno</li></ul>',
    )
  })
})

describe('job openings API', () => {
  it('enforces the vacantes permissions', async () => {
    expect((await create({}, 'lector')).status).toBe(403)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/job-openings/list', payload: {} })).status,
    ).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/job-openings/1' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('creates a vacancy with sanitised details, the requester company and an audit entry', async () => {
    const res = await create({ details: '<p>Hola</p><script>alert(1)</script>' })
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual(['Se almacenó la información correctamente'])
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/job-openings/${res.body.payload.id}` })
    expect(read.body.payload).toMatchObject({
      code: 'VAC-100',
      details: '<p>Hola</p>',
      position: f.position.description,
      area: f.area.description,
      company: f.company.name,
      requestedBy: `Rosa ${f.employee.surname}`,
      applicants: 0,
      status: 1,
    })
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'VAC-100' },
    })
    expect(audit.body.payload.content.map((r: { action: string }) => r.action)).toEqual(['CREATE'])
  })

  it('answers every problem in Spanish and refuses a duplicate code', async () => {
    const blank = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings',
      payload: {
        code: '',
        positionId: '',
        areaId: '',
        minExperienceYears: 'x',
        requestedById: '',
        details: '<p></p>',
      },
    })
    expect(blank.status).toBe(400)
    expect(blank.body.messages).toEqual([
      'Código de vacante es requerido',
      'Rol es requerido',
      'Área es requerida',
      'Años de experiencia debe ser un valor numérico',
      'Colaborador es requerido',
      'Detalle de la vacante es requerido',
    ])
    const onlyScript = await create({ code: 'VAC-X', details: '<script>alert(1)</script>' })
    expect(onlyScript.body.messages).toEqual(['Detalle de la vacante es requerido'])
    const unknown = await create({ code: 'VAC-Y', positionId: 99999, areaId: 99999, requestedById: 99999 })
    expect(unknown.body.messages).toEqual(['Rol inválido', 'Área inválida', 'Colaborador inválido'])
    const dup = await create({ code: ' Vac-100 ' })
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual(['Ya existe una vacante con el mismo código'])
  })

  it('updates, audits the change and changes the status', async () => {
    const { body: created } = await create({ code: 'VAC-200' })
    const id = created.payload.id
    const put = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/job-openings/${id}`,
      payload: body({ code: 'VAC-200', minExperienceYears: 5 }),
    })
    expect(put.status).toBe(200)
    const status = await t.call('rrhh', { method: 'PUT', url: `/api/v1/job-openings/${id}/status?status=2` })
    expect(status.body.messages).toEqual(['Estado actualizado correctamente'])
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'VAC-200' },
    })
    expect(audit.body.payload.content.map((r: { description: string }) => r.description)).toEqual([
      'Cambió el estado de la vacante VAC-200 a INACTIVO',
      "Actualizó la vacante VAC-200: Años de experiencia '2' → '5'",
      'Creó la vacante VAC-200',
    ])
    const active = await t.call('rrhh', { method: 'GET', url: '/api/v1/job-openings' })
    expect(active.body.payload.map((r: { code: string }) => r.code)).not.toContain('VAC-200')
    expect((await t.call('rrhh', { method: 'GET', url: '/api/v1/job-openings/99999' })).status).toBe(404)
  })

  it('filters by status, area and creation date and exports the same rows', async () => {
    const other = await recruitmentFixtures(t.handle.db, 'Otra')
    await create({
      code: 'VAC-300',
      areaId: other.area.id,
      positionId: other.position.id,
      requestedById: other.employee.id,
    })
    const byArea = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { areaId: other.area.id },
    })
    expect(byArea.body.payload.content.map((r: { code: string }) => r.code)).toEqual(['VAC-300'])
    const byCompany = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { companyId: other.company.id },
    })
    expect(byCompany.body.payload.totalElements).toBe(1)
    const inactive = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { status: 2 },
    })
    expect(inactive.body.payload.content.map((r: { code: string }) => r.code)).toEqual(['VAC-200'])
    const future = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { createdAt: { from: '2999-01-01' } },
    })
    expect(future.body.payload.totalElements).toBe(0)
    const list = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list',
      payload: { status: 1 },
    })
    const xlsx = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/job-openings/xlsx',
      payload: { status: 1 },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.getRow(1).getCell(1).value).toBe('Código de vacante')
    expect(sheet.actualRowCount - 1).toBe(list.body.payload.totalElements)
    expect(list.body.payload.totalElements).toBeGreaterThan(1)
    const badSort = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/job-openings/list?sort=details',
      payload: {},
    })
    expect(badSort.status).toBe(400)
  })
})
