import type { TestApp } from '@planillas/testing/api/app'
import { createEmployee, createEmployeeTestApp } from '@planillas/testing/api/employees'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportRows } from './xlsx'

let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

/** The first column of an export's rows (the header left out). */
async function firstColumn(payload: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(payload as unknown as ArrayBuffer)
  const values: string[] = []
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) values.push(String(row.getCell(1).value))
  })
  return values
}

async function createArea(description: string): Promise<{ id: number; code: string }> {
  const res = await t.call('admin', { method: 'POST', url: '/api/v1/areas', payload: { description } })
  expect(res.status).toBe(200)
  const read = await t.call('admin', { method: 'GET', url: `/api/v1/areas/${res.body.payload.id}` })
  return { id: read.body.payload.id, code: read.body.payload.code }
}

describe("an export narrowed to the selected rows ('Descargar selección')", () => {
  it('exports only the selected ids, within the filter, in id order', async () => {
    const [a, b, c] = [
      await createArea('Selección Uno'),
      await createArea('Selección Dos'),
      await createArea('Otra Tres'),
    ]
    const xlsx = (payload: Record<string, unknown>) =>
      t.call('admin', { method: 'POST', url: '/api/v1/areas/xlsx', payload })
    const picked = await xlsx({ ids: [c.id, a.id] })
    expect(picked.status).toBe(200)
    expect(await firstColumn(picked.body)).toEqual([a.code, c.code])
    // The filter still applies: a selected row it leaves out is not exported.
    const filtered = await xlsx({ search: 'Selección', ids: [a.id, c.id] })
    expect(await firstColumn(filtered.body)).toEqual([a.code])
    // An id that is no row is left out; repeated ids give one row.
    const unknown = await xlsx({ ids: [b.id, b.id, 999_999] })
    expect(await firstColumn(unknown.body)).toEqual([b.code])
    // Without ids, the whole filter as before.
    const all = await xlsx({ search: 'Selección' })
    expect(await firstColumn(all.body)).toEqual([a.code, b.code])
  })

  it('refuses an empty, an oversized or a malformed selection', async () => {
    const xlsx = (payload: Record<string, unknown>) =>
      t.call('admin', { method: 'POST', url: '/api/v1/areas/xlsx', payload })
    const empty = await xlsx({ ids: [] })
    expect(empty.status).toBe(400)
    expect(empty.body.messages).toContain('Seleccione al menos un registro')
    const many = await xlsx({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })
    expect(many.status).toBe(400)
    expect(many.body.messages).toContain('Seleccione como máximo 100 registros')
    expect((await xlsx({ ids: ['x'] })).status).toBe(400)
    expect((await xlsx({ ids: [0] })).status).toBe(400)
  })

  it('narrows the employees export the same way (the same generic path)', async () => {
    const first = await createEmployee(t)
    await createEmployee(t)
    const third = await createEmployee(t)
    const read = async (id: number) =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload.code as string
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/xlsx',
      payload: { ids: [third, first] },
    })
    expect(res.status).toBe(200)
    expect(await firstColumn(res.body)).toEqual([await read(first), await read(third)])
  })

  it('still needs the download permission', async () => {
    const res = await t.call('lector', { method: 'POST', url: '/api/v1/areas/xlsx', payload: { ids: [1] } })
    expect(res.status).toBe(403)
  })
})

describe('exportRows', () => {
  const table = [{ id: 2 }, { id: 5 }, { id: 9 }]
  const fetchAfter = async (afterId: number, limit: number) =>
    table.filter((r) => r.id > afterId).slice(0, limit)
  const collect = async (rows: AsyncIterable<{ id: number }[]>) => {
    const out: number[] = []
    for await (const batch of rows) out.push(...batch.map((r) => r.id))
    return out
  }

  it('reads every row without ids, only the selected existing ones with them', async () => {
    expect(await collect(exportRows(fetchAfter))).toEqual([2, 5, 9])
    expect(await collect(exportRows(fetchAfter, []))).toEqual([2, 5, 9])
    expect(await collect(exportRows(fetchAfter, [9, 3, 2, 9]))).toEqual([2, 9])
    expect(await collect(exportRows(fetchAfter, [4]))).toEqual([])
  })
})
