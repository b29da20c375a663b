import { PAYMENT_TEMPLATE_HEADERS } from '@planillas/domain'
import { createPaymentsTestApp, row, TODAY } from '@planillas/testing/api/payment-batches'
import { perFile } from '@planillas/testing/per-file'
import dayjs from 'dayjs'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const s = perFile(createPaymentsTestApp)

describe('payment batches: template, list, processing and downloads', () => {
  it('downloads the template with its headers and a notes sheet', async () => {
    const response = await s.t.call('rrhh', { method: 'GET', url: '/api/v1/payment-batches/template/xlsx' })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body)
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Abonos', 'Notas'])
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      ...PAYMENT_TEMPLATE_HEADERS,
    ])
  })

  it('answers 404 for the receipts of a batch without receipts', async () => {
    const response = await s.upload(s.validForm(), await s.excel([row(5, 1, '1')]))
    const merged = await s.t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-batches/${response.body.payload.id}/receipts`,
    })
    expect(merged.status).toBe(404)
    expect(merged.body.messages).toEqual(['Esta carga de abonos no tiene constancias'])
  })

  it('lists the newest first, searches by uploader and filters by status and upload date', async () => {
    const list = async (body: object, query = '') =>
      (await s.t.call('rrhh', { method: 'POST', url: `/api/v1/payment-batches/list${query}`, payload: body }))
        .body
    const all = await list({})
    const ids = all.payload.content.map((b: { id: number }) => b.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(all.payload.content[0]).toMatchObject({
      createdBy: 'rrhh@planillas.pe',
      file: { name: 'abonos.xlsx' },
    })
    expect((await list({ search: 'rrhh' })).payload.totalElements).toBe(all.payload.totalElements)
    expect((await list({ search: 'nadie' })).payload.totalElements).toBe(0)
    expect((await list({ status: 4 })).payload.content.every((b: { status: number }) => b.status === 4)).toBe(
      true,
    )
    expect((await list({ createdAt: { from: TODAY, to: TODAY } })).payload.totalElements).toBe(
      all.payload.totalElements,
    )
    const yesterday = dayjs(TODAY).subtract(1, 'day').format('YYYY-MM-DD')
    expect((await list({ createdAt: { to: yesterday } })).payload.totalElements).toBe(0)
    expect((await list({ createdAt: { from: TODAY, to: yesterday } })).messages).toEqual([
      'La fecha inicial no puede ser mayor a la final',
    ])
    expect((await list({}, '?sort=fileName,asc')).messages[0]).toContain("No se puede ordenar por 'fileName'")
  })
})
