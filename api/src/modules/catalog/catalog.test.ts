import { auditLogs } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function readWorkbook(payload: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(payload as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}

describe('areas API', () => {
  it('refuses a request without a token (401) and a role without the permission (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/areas/list', payload: {} })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().status).toBe('ERROR')
    const auditor = await t.call('auditor', { method: 'POST', url: '/api/v1/areas/list', payload: {} })
    expect(auditor.status).toBe(403)
    expect(auditor.body.messages).toEqual(['No tiene permiso para realizar esta acción'])
    const reader = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: 'X' },
    })
    expect(reader.status).toBe(403)
  })

  it('creates, reads, updates and audits an area', async () => {
    const created = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: '  Tesorería ' },
    })
    expect(created.status).toBe(200)
    expect(created.body.messages).toEqual(['Se almacenó la información correctamente'])
    const id = created.body.payload.id
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/areas/${id}` })
    expect(read.body.payload).toMatchObject({
      description: 'Tesorería',
      status: 1,
      code: `AR-${String(id).padStart(4, '0')}`,
    })
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/areas/${id}`,
      payload: { description: 'Tesorería General' },
    })
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'Tesorería' },
    })
    expect(
      audit.body.payload.content.map((r: { action: string; actor: string }) => [r.action, r.actor]),
    ).toEqual([
      ['UPDATE', 'admin@planillas.pe'],
      ['CREATE', 'admin@planillas.pe'],
    ])
  })

  it('answers 400 with one Spanish message per problem', async () => {
    const blank = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: '   ' },
    })
    expect(blank.status).toBe(400)
    expect(blank.body.messages).toEqual(['Descripción es requerida'])
    const missing = await t.call('admin', { method: 'POST', url: '/api/v1/areas', payload: {} })
    expect(missing.body.messages).toEqual(['Descripción es requerida'])
  })

  it('refuses a duplicate description whatever its case', async () => {
    await t.call('admin', { method: 'POST', url: '/api/v1/areas', payload: { description: 'Calidad' } })
    const dup = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: 'CALIDAD' },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual(['Ya existe un área con la misma descripción'])
  })

  it('pages, sorts by allowed fields only and caps the size', async () => {
    for (const d of ['Z1', 'Z2', 'Z3'])
      await t.call('admin', { method: 'POST', url: '/api/v1/areas', payload: { description: d } })
    const page = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas/list?page=1&size=2&sort=description,desc',
      payload: { search: 'z' },
    })
    expect(page.body.payload).toMatchObject({ totalElements: 3, totalPages: 2 })
    expect(page.body.payload.content.map((r: { description: string }) => r.description)).toEqual(['Z1'])
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas/list?sort=password',
      payload: {},
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages[0]).toContain("No se puede ordenar por 'password'")
    const huge = await t.call('admin', { method: 'POST', url: '/api/v1/areas/list?size=100000', payload: {} })
    expect(huge.status).toBe(200)
    expect(huge.body.payload.totalPages).toBe(Math.ceil(huge.body.payload.totalElements / 100))
  })

  it('changes the status, answers 404 for an unknown id and 400 for a bad status', async () => {
    const { body } = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: 'Temporal' },
    })
    const res = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/areas/${body.payload.id}/status?status=2`,
    })
    expect(res.body.messages).toEqual(['Estado actualizado correctamente'])
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'areas'), eq(auditLogs.entityId, String(body.payload.id))))
    // 'del área', never 'de el área'.
    expect(audit.at(-1)?.description).toMatch(/^Cambió el estado del área AR-\d+ a SUSPENDIDO$/)
    const active = await t.call('rrhh', { method: 'GET', url: '/api/v1/areas' })
    expect(active.body.payload.map((a: { description: string }) => a.description)).not.toContain('Temporal')
    expect((await t.call('admin', { method: 'GET', url: '/api/v1/areas/99999' })).status).toBe(404)
    expect(
      (await t.call('admin', { method: 'PUT', url: `/api/v1/areas/${body.payload.id}/status?status=7` }))
        .status,
    ).toBe(400)
  })

  it('changes the status of several areas in one call, an audit entry per area changed', async () => {
    const ids: number[] = []
    for (const description of ['Lote uno', 'Lote dos', 'Lote tres']) {
      const { body } = await t.call('admin', {
        method: 'POST',
        url: '/api/v1/areas',
        payload: { description },
      })
      ids.push(body.payload.id)
    }
    // One already SUSPENDIDO: left alone, no entry.
    await t.call('admin', { method: 'PUT', url: `/api/v1/areas/${ids[2]}/status?status=2` })
    const auditOf = (id: number) =>
      t.handle.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'areas'), eq(auditLogs.entityId, String(id))))
    const before = (await auditOf(ids[2])).length
    const res = await t.call('rrhh', {
      method: 'PUT',
      url: '/api/v1/areas/status?status=2',
      payload: { ids },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ ids: ids.slice(0, 2) })
    expect(res.body.messages).toEqual(['Estado actualizado correctamente'])
    for (const id of ids.slice(0, 2)) {
      const entries = await auditOf(id)
      expect(entries.at(-1)?.description).toMatch(/^Cambió el estado del área AR-\d+ a SUSPENDIDO$/)
      expect(entries.at(-1)?.actor).toBe('rrhh@planillas.pe')
      const read = await t.call('admin', { method: 'GET', url: `/api/v1/areas/${id}` })
      expect(read.body.payload.status).toBe(2)
    }
    expect(await auditOf(ids[2])).toHaveLength(before)

    // An unknown id refuses the whole selection: nothing changes, no entry is written.
    const refused = await t.call('admin', {
      method: 'PUT',
      url: '/api/v1/areas/status?status=1',
      payload: { ids: [ids[0], 99_999] },
    })
    expect(refused.status).toBe(404)
    expect(
      (await t.call('admin', { method: 'GET', url: `/api/v1/areas/${ids[0]}` })).body.payload.status,
    ).toBe(2)
    const empty = await t.call('admin', {
      method: 'PUT',
      url: '/api/v1/areas/status?status=1',
      payload: { ids: [] },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.messages).toEqual(['Seleccione al menos un registro'])
    const reader = await t.call('lector', {
      method: 'PUT',
      url: '/api/v1/areas/status?status=1',
      payload: { ids },
    })
    expect(reader.status).toBe(403)
  })

  it('exports the same rows the list counts', async () => {
    const list = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas/list',
      payload: { search: 'z' },
    })
    const res = await t.call('admin', { method: 'POST', url: '/api/v1/areas/xlsx', payload: { search: 'z' } })
    expect(res.status).toBe(200)
    const sheet = await readWorkbook(res.body)
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Código',
      'Descripción',
      'Estado',
      'Fecha de creación',
    ])
    expect(sheet.actualRowCount - 1).toBe(list.body.payload.totalElements)
  })
})

describe('positions API', () => {
  it('uses the cargos permissions and its own messages', async () => {
    const created = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/positions',
      payload: { description: 'Cajero' },
    })
    expect(created.status).toBe(200)
    const dup = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/positions',
      payload: { description: 'cajero' },
    })
    expect(dup.body.messages).toEqual(['Ya existe un cargo con la misma descripción'])
    const auditorList = await t.call('auditor', {
      method: 'POST',
      url: '/api/v1/positions/list',
      payload: {},
    })
    expect(auditorList.status).toBe(403)
  })
})
