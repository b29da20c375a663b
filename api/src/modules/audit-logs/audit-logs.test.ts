import { auditLogs } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // 2026-03-01 03:00 UTC is still 28 February in Lima.
  await t.handle.db.insert(auditLogs).values([
    {
      action: 'LOGIN',
      entity: 'users',
      actor: 'ana@planillas.pe',
      description: 'Inició sesión',
      createdAt: new Date('2026-03-01T03:00:00Z'),
    },
    {
      action: 'CREATE',
      entity: 'areas',
      actor: 'luis@planillas.pe',
      description: "Creó el área AR-0001 'Ventas'",
      createdAt: new Date('2026-03-01T15:00:00Z'),
    },
    {
      action: 'UPDATE',
      entity: 'areas',
      actor: 'ana@planillas.pe',
      description: 'Cambió el estado del área AR-0001 a SUSPENDIDO',
      createdAt: new Date('2026-03-02T15:00:00Z'),
    },
  ])
})
afterAll(() => t.close())

const list = (payload: object, who: 'admin' | 'rrhh' | 'auditor' = 'auditor') =>
  t.call(who, { method: 'POST', url: '/api/v1/audit-logs/list', payload })

describe('audit log API', () => {
  it('lists newest first and searches by user or description', async () => {
    const all = await list({})
    expect(all.body.payload.content.map((r: { action: string }) => r.action)).toEqual([
      'UPDATE',
      'CREATE',
      'LOGIN',
    ])
    expect((await list({ search: 'luis' })).body.payload.totalElements).toBe(1)
    expect((await list({ search: 'suspendido' })).body.payload.totalElements).toBe(1)
  })

  it('filters by action and by Lima calendar days', async () => {
    expect((await list({ action: 'LOGIN' })).body.payload.totalElements).toBe(1)
    const feb28 = await list({ date: { from: '2026-02-28', to: '2026-02-28' } })
    expect(feb28.body.payload.content.map((r: { action: string }) => r.action)).toEqual(['LOGIN'])
    expect((await list({ date: { from: '2026-03-01' } })).body.payload.totalElements).toBe(2)
  })

  it('refuses bad filters and users without the audit permissions', async () => {
    const reversed = await list({ date: { from: '2026-03-02', to: '2026-03-01' } })
    expect(reversed.status).toBe(400)
    expect(reversed.body.messages).toEqual(['La fecha inicial no puede ser mayor a la final'])
    expect((await list({ action: 'HACK' })).status).toBe(400)
    expect((await list({}, 'rrhh')).status).toBe(403)
    const download = await t.call('rrhh', { method: 'POST', url: '/api/v1/audit-logs/xlsx', payload: {} })
    expect(download.status).toBe(403)
  })

  it('downloads the filtered entries for the auditor', async () => {
    const res = await t.call('auditor', {
      method: 'POST',
      url: '/api/v1/audit-logs/xlsx',
      payload: { action: 'UPDATE' },
    })
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.body)
    const sheet = workbook.worksheets[0]
    expect(sheet.actualRowCount).toBe(2)
    expect(sheet.getRow(2).getCell(1).value).toBe('Actualización')
  })
})
