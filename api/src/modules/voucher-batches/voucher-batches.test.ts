import { auditLogs, voucherBatches } from '@planillas/db'
import { FILE_MESSAGES, VOUCHER_TEMPLATE_HEADERS } from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import { multipart, paymentFixturesPerFile, TODAY } from '@planillas/testing/api/payments'
import { facturaRow, vouchersWorkbook } from '@planillas/testing/voucher-fixtures'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

// The upload side of 'Carga de comprobantes'; the job and the attached PDF are tested
// across the tiers in scripts/voucher-pipeline.test.ts.

const { t, fx } = paymentFixturesPerFile()

const upload = async (
  fields: Record<string, string | number>,
  file?: { name: string; content: Buffer },
  who: Parameters<FilesTestApp['call']>[0] = 'rrhh',
) =>
  t.call(who, {
    method: 'POST',
    url: '/api/v1/voucher-batches',
    ...(await multipart(fields, file ? { file } : {})),
  })

const batchCount = async () => (await t.handle.db.select().from(voucherBatches)).length

describe('the template', () => {
  it('has the headers, one example row and notes with the types and the expense lines', async () => {
    const res = await t.call('rrhh', { method: 'GET', url: '/api/v1/voucher-batches/template/xlsx' })
    expect(res.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.body)
    const sheet = workbook.getWorksheet('Comprobantes')
    expect(sheet?.getRow(1).values).toEqual([undefined, ...VOUCHER_TEMPLATE_HEADERS])
    expect(sheet?.getRow(2).getCell(1).value).toBe('20100070970')
    expect(sheet?.rowCount).toBe(2)
    const notes = workbook.getWorksheet('Notas')
    const texts = (notes?.getSheetValues() ?? []).flatMap((r) => (Array.isArray(r) ? r.map(String) : []))
    expect(texts).toContain('NOTA DE CRÉDITO')
    expect(texts).toContain('LG-0001')
    expect(texts.some((x) => x.includes('adjunte el PDF de cada uno'))).toBe(true)
  })

  it('is for who registers vouchers', async () => {
    const res = await t.call('tesoreria', { method: 'GET', url: '/api/v1/voucher-batches/template/xlsx' })
    expect(res.status).toBe(403)
  })
})

describe('the upload', () => {
  it('refuses at once a missing file and company, with every message, storing nothing', async () => {
    const before = await batchCount()
    const res = await upload({})
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['Empresa es requerida', 'El archivo es requerido'])
    expect(await batchCount()).toBe(before)
  })

  it('refuses at once a file that is not the template, naming each wrong header', async () => {
    const header = [...VOUCHER_TEMPLATE_HEADERS]
    header[1] = 'Tipo'
    const content = await vouchersWorkbook([facturaRow('20100070970', 1, TODAY)], { header })
    const wrong = await upload({ companyId: fx.companyId }, { name: 'comprobantes.xlsx', content })
    expect(wrong.status).toBe(400)
    expect(wrong.body.messages).toEqual([FILE_MESSAGES.headerMismatch('B', 'Tipo de comprobante', 'Tipo')])
    const xls = await upload(
      { companyId: fx.companyId },
      { name: 'comprobantes.xls', content: Buffer.from('no es un libro') },
    )
    expect(xls.body.messages).toEqual([
      'El archivo de comprobantes debe ser un libro de Excel (.xlsx)',
      FILE_MESSAGES.notXlsx,
    ])
    const company = await upload(
      { companyId: 99_999 },
      { name: 'comprobantes.xlsx', content: await vouchersWorkbook([facturaRow('20100070970', 1, TODAY)]) },
    )
    expect(company.body.messages).toEqual(['Empresa inválida'])
    expect(await batchCount()).toBe(0)
  })

  it('refuses at once a workbook with data on several sheets', async () => {
    const content = await vouchersWorkbook([facturaRow('20100070970', 1, TODAY)], {
      extraSheet: { name: 'Diciembre', rows: [['20100070970', '01', 'F002', '9']] },
    })
    const res = await upload({ companyId: fx.companyId }, { name: 'comprobantes.xlsx', content })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([FILE_MESSAGES.severalSheets(['Comprobantes', 'Diciembre'])])
  })

  it('records a good upload PENDIENTE with its audit entry and lists it', async () => {
    const content = await vouchersWorkbook([facturaRow('20100070970', 1, TODAY)])
    const res = await upload({ companyId: fx.companyId }, { name: 'noviembre.xlsx', content })
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual(['Carga de comprobantes recibida: se procesará en segundo plano'])
    const id = res.body.payload.id
    const row = await t.call('rrhh', { method: 'GET', url: `/api/v1/voucher-batches/${id}` })
    expect(row.body.payload).toMatchObject({
      id,
      companyId: fx.companyId,
      companyName: 'Empresa Pagadora S.A.C.',
      status: 1,
      voucherCount: 0,
      createdBy: 'rrhh@planillas.pe',
      file: { name: 'noviembre.xlsx', url: `/api/v1/voucher-batches/${id}/file`, size: content.length },
    })
    const list = await t.call('rrhh', { method: 'POST', url: '/api/v1/voucher-batches/list', payload: {} })
    expect(list.body.payload.content.map((b: { id: number }) => b.id)).toContain(id)
    const file = await t.call('rrhh', { method: 'GET', url: `/api/v1/voucher-batches/${id}/file` })
    expect(Buffer.compare(file.body, content)).toBe(0)
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'voucher_batches'), eq(auditLogs.entityId, String(id))))
    expect(audit.map((a) => a.description)).toEqual([
      `Cargó el archivo de comprobantes 'noviembre.xlsx' de Empresa Pagadora S.A.C.: carga #${id}`,
    ])
  })

  it('is refused to who may not register vouchers (the treasury, the reader)', async () => {
    const content = await vouchersWorkbook([facturaRow('20100070970', 1, TODAY)])
    for (const who of ['tesoreria', 'lector'] as const) {
      const res = await upload({ companyId: fx.companyId }, { name: 'c.xlsx', content }, who)
      expect(res.status).toBe(403)
      const list = await t.call(who, { method: 'POST', url: '/api/v1/voucher-batches/list', payload: {} })
      expect(list.status).toBe(403)
    }
  })
})
