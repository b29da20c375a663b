import { auditLogs } from '@planillas/db'
import { formatDate, todayInLima } from '@planillas/domain'
import { createSupplier, paymentFixturesPerFile, supplierBody } from '@planillas/testing/api/payments'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile()

describe('suppliers API', () => {
  it('enforces proveedores_lista / _edicion / _descarga_excel per demo user', async () => {
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/suppliers/list', payload: {} })).status,
    ).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/suppliers/list', payload: {} })).status,
    ).toBe(200)
    expect(
      (await t.call('tesoreria', { method: 'POST', url: '/api/v1/suppliers/list', payload: {} })).status,
    ).toBe(200)
    for (const who of ['lector', 'tesoreria', 'auditor'] as const) {
      const res = await t.call(who, { method: 'POST', url: '/api/v1/suppliers', payload: supplierBody() })
      expect(res.status, who).toBe(403)
    }
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/suppliers/xlsx', payload: {} })).status,
    ).toBe(403)
    const created = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: supplierBody(),
    })
    expect(created.status).toBe(200)
    expect(created.body.messages).toEqual(['Se almacenó la información correctamente'])
  })

  it("creates a supplier and answers every field of 'Datos del proveedor', with names resolved", async () => {
    const body = supplierBody({ expenseLineId: fx.expenseLineId, retentionAgent: 'on' })
    const id = await createSupplier(t, body)
    const { body: read } = await t.call('lector', { method: 'GET', url: `/api/v1/suppliers/${id}` })
    expect(read.payload).toMatchObject({
      code: `PR-${String(id).padStart(4, '0')}`,
      ruc: expect.stringMatching(/^\d{11}$/),
      contactName: 'Carla Ruiz',
      ubigeo: '150131',
      ubigeoDescription: 'SAN ISIDRO / LIMA / LIMA',
      mobile: '987654321',
      supplierType: 2,
      managementType: 1,
      expenseLineId: fx.expenseLineId,
      expenseLine: expect.any(String),
      bankId: '002',
      bankName: 'Banco de Crédito del Perú',
      accountType: 2,
      detractionAccount: '00012345678',
      retentionAgent: true,
      perceptionAgent: false,
      goodTaxpayer: false,
      status: 1,
    })
  })

  it('refuses a repeated RUC, a bad CCI, a BN account that is not 11 digits, an unknown bank — every message at once', async () => {
    const first = supplierBody()
    await createSupplier(t, first)
    const dup = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: { ...supplierBody(), ruc: first.ruc },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual(['Ya existe un proveedor registrado con el mismo RUC'])
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: supplierBody({
        bankInterAccount: '00219312345670120000',
        detractionAccount: '123',
        mobile: '812345678',
      }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(
      expect.arrayContaining([
        'Número de CCI inválido: los dígitos de control no corresponden',
        'Cuenta de detracciones debe tener 11 dígitos (cuenta del Banco de la Nación)',
        'Celular debe empezar con 9',
      ]),
    )
    const unknownBank = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: supplierBody({ bankId: '999', bankInterAccount: null }),
    })
    expect(unknownBank.body.messages).toEqual(['Banco inválido'])
  })

  it('looks a RUC up: a registered supplier says so', async () => {
    const body = supplierBody()
    await createSupplier(t, body)
    const res = await t.call('rrhh', { method: 'GET', url: `/api/v1/suppliers/ruc/${body.ruc}` })
    expect(res.body.payload).toEqual({ alreadyExists: true, name: body.name, address: body.address })
    expect(res.body.messages).toEqual(['Ya existe un proveedor registrado con el mismo RUC'])
  })

  it('updates (RUC read-only), suspends, and audits each change in Spanish', async () => {
    const body = supplierBody()
    const id = await createSupplier(t, body)
    const { ruc: _, ...rest } = body
    const updated = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/suppliers/${id}`,
      payload: { ...rest, goodTaxpayer: true, detractionAccount: '00098765432' },
    })
    expect(updated.status).toBe(200)
    await t.call('rrhh', { method: 'PUT', url: `/api/v1/suppliers/${id}/status?status=2` })
    const options = await t.call('rrhh', { method: 'GET', url: '/api/v1/suppliers' })
    expect(options.body.payload.map((s: { id: number }) => s.id)).not.toContain(id)
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'suppliers'), eq(auditLogs.entityId, String(id))))
    expect(audit.map((a) => a.description)).toEqual([
      `Creó el proveedor PR-${String(id).padStart(4, '0')} '${body.name}' (RUC ${body.ruc})`,
      `Actualizó el proveedor PR-${String(id).padStart(4, '0')}: Cuenta de detracciones: '00012345678' → '00098765432'; Buen contribuyente: 'NO' → 'SÍ' (periodo manual de buen contribuyente desde ${formatDate(todayInLima())})`,
      `Cambió el estado del proveedor PR-${String(id).padStart(4, '0')} a SUSPENDIDO`,
    ])
  })

  it('lists with search and filters, and exports the same rows', async () => {
    const body = supplierBody({ name: 'Fletes del Sur E.I.R.L.', supplierType: 1 })
    await createSupplier(t, body)
    const list = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/suppliers/list?sort=name,asc',
      payload: { search: 'fletes del', supplierTypes: [1], status: 1 },
    })
    expect(list.body.payload.content.map((r: { ruc: string }) => r.ruc)).toEqual([body.ruc])
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suppliers/xlsx',
      payload: { search: body.ruc },
      headers: await t.as('tesoreria'),
    })
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.headers['content-disposition']).toMatch(/proveedores-\d{4}-\d{2}-\d{2}\.xlsx/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(2)
    expect(sheet.getRow(2).getCell(2).value).toBe(body.ruc)
    expect(sheet.getRow(2).getCell(12).value).toBe('BIENES')
    // 'Fecha de creación' is a spreadsheet date and time, not text.
    const header = (sheet.getRow(1).values as string[]).slice(1)
    const created = sheet.getRow(2).getCell(header.indexOf('Fecha de creación') + 1)
    expect(created.value).toBeInstanceOf(Date)
    expect(Math.abs((created.value as Date).getTime() - Date.now())).toBeLessThan(24 * 3600 * 1000)
    expect(created.numFmt).toBe('dd/mm/yyyy hh:mm AM/PM')
  })
})

describe('suppliers in Spanish order', () => {
  it('sorts names as a Spanish reader expects: Á with A, Ñ after N, Ó with O — both ways, and in the options', async () => {
    const names = ['Zapata', 'Ñahui', 'Nuñez', 'Óscar', 'Oscar Olaya', 'Álvaro', 'Yolanda', 'Avila']
    for (const name of names) await createSupplier(t, { name: `${name} Orden Hispano`, bankHolder: name })
    const sorted = async (direction: string) => {
      const res = await t.call('admin', {
        method: 'POST',
        url: `/api/v1/suppliers/list?size=20&sort=name,${direction}`,
        payload: { search: 'Orden Hispano' },
      })
      expect(res.status).toBe(200)
      return res.body.payload.content.map((r: { name: string }) => r.name.replace(' Orden Hispano', ''))
    }
    const spanish = ['Álvaro', 'Avila', 'Nuñez', 'Ñahui', 'Oscar Olaya', 'Óscar', 'Yolanda', 'Zapata']
    expect(await sorted('asc')).toEqual(spanish)
    expect(await sorted('desc')).toEqual([...spanish].reverse())
    const options = (await t.call('admin', { method: 'GET', url: '/api/v1/suppliers' })).body.payload
      .map((o: { name: string }) => o.name)
      .filter((n: string) => n.endsWith(' Orden Hispano'))
      .map((n: string) => n.replace(' Orden Hispano', ''))
    expect(options).toEqual(spanish)
  })
})
