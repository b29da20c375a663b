import { auditLogs, exchangeRates } from '@planillas/db'
import { addDays } from '@planillas/domain'
import { multipart, paymentFixturesPerFile, TODAY } from '@planillas/testing/api/payments'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

/** The SBS venta exchange rate of each day: entered, corrected with a reason, imported all or nothing. */
const { t } = paymentFixturesPerFile()

const save = (who: 'admin' | 'tesoreria' | 'rrhh', payload: Record<string, unknown>) =>
  t.call(who, { method: 'POST', url: '/api/v1/exchange-rates', payload })
const list = (who: 'admin' | 'tesoreria' | 'lector' | 'auditor') =>
  t.call(who, { method: 'GET', url: '/api/v1/exchange-rates' })
const upload = async (name: string, content: Buffer | string) =>
  t.call('admin', {
    method: 'POST',
    url: '/api/v1/exchange-rates/import',
    ...(await multipart({}, { file: { name, content: Buffer.from(content) } })),
  })
const rateOf = async (day: string) =>
  (await t.handle.db.select().from(exchangeRates).where(eq(exchangeRates.day, day)))[0]?.sellRateMilli

describe('a day entered by hand', () => {
  it('saves a day, lists it to whoever approves or reads, and audits who entered it', async () => {
    const day = addDays(TODAY, -40)
    const res = await save('admin', { day, rate: '3.752' })
    expect(res.status).toBe(200)
    expect(await rateOf(day)).toBe(3752)
    for (const who of ['tesoreria', 'lector'] as const) {
      const rows = (await list(who)).body.payload
      expect(rows.find((r: { day: string }) => r.day === day)).toMatchObject({
        sellRateMilli: 3752,
        source: 'MANUAL',
        createdBy: 'admin@planillas.pe',
      })
    }
    expect((await list('auditor')).status).toBe(403)
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'exchange-rates'))
    expect(audit.map((a) => a.description)).toContain(
      `Registró el tipo de cambio SBS (venta) del ${day.split('-').reverse().join('/')}: 3.752`,
    )
  })

  it('is only for the administrator of the catalogues, and refuses bad input in Spanish', async () => {
    expect((await save('tesoreria', { day: TODAY, rate: '3.7' })).status).toBe(403)
    const bad = await save('admin', { day: addDays(TODAY, 1), rate: '-3' })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(
      expect.arrayContaining([
        'La fecha debe estar entre el 01/01/2000 y hoy',
        'El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)',
      ]),
    )
  })

  it('corrects a past day only with a reason, and the audit keeps both rates', async () => {
    const day = addDays(TODAY, -41)
    expect((await save('admin', { day, rate: '3.700' })).status).toBe(200)
    const refused = await save('admin', { day, rate: '3.710' })
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([
      'Indique el motivo de corregir el tipo de cambio de un día pasado',
    ])
    expect(await rateOf(day)).toBe(3700)
    expect((await save('admin', { day, rate: '3.710', reason: 'Error de digitación' })).status).toBe(200)
    expect(await rateOf(day)).toBe(3710)
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'exchange-rates'))
    expect(audit.map((a) => a.description)).toContain(
      `Corrigió el tipo de cambio SBS (venta) del ${day.split('-').reverse().join('/')}: de 3.700 a 3.710; motivo: Error de digitación`,
    )
  })
})

describe('an imported table', () => {
  it('imports a CSV with a header, and a second time leaves the same days as they are', async () => {
    const csv = 'Fecha;Venta\n02/03/2026;3,760\n2026-03-03;3.771\n'
    const first = await upload('tipos.csv', csv)
    expect(first.status).toBe(200)
    expect(first.body.payload).toEqual({ created: 2, unchanged: 0 })
    expect(await rateOf('2026-03-02')).toBe(3760)
    const again = await upload('tipos.csv', csv)
    expect(again.body.payload).toEqual({ created: 0, unchanged: 2 })
  })

  it('imports the first sheet of an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('TC')
    sheet.addRow(['Fecha', 'Venta'])
    sheet.addRow([new Date(Date.UTC(2026, 2, 4)), 3.785]).getCell(1).numFmt = 'dd/mm/yyyy'
    sheet.addRow(['05/03/2026', '3.790'])
    const res = await upload('tipos.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(res.status).toBe(200)
    expect(await rateOf('2026-03-04')).toBe(3785)
    expect(await rateOf('2026-03-05')).toBe(3790)
  })

  it('refuses the whole file, line by line, and saves nothing', async () => {
    const res = await upload(
      'tipos.csv',
      'fecha,venta\n2026-03-10,3.8\n2026-03-10,3.81\n2026-03-11,0\n2026-03-02,3.999\n',
    )
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'Línea 3: La fecha 10/03/2026 se repite en la línea 2',
      'Línea 4: El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)',
    ])
    const differs = await upload('tipos.csv', 'fecha,venta\n2026-03-10,3.8\n2026-03-02,3.999\n')
    expect(differs.status).toBe(400)
    expect(differs.body.messages).toEqual([
      'Línea 3: El 02/03/2026 ya tiene tipo de cambio 3.760: corríjalo en el formulario, indicando el motivo',
    ])
    expect(await rateOf('2026-03-10')).toBeUndefined()
    const pdf = await upload('tipos.pdf', '%PDF-1.4')
    expect(pdf.body.messages).toEqual([
      'El archivo debe ser .csv o .xlsx con dos columnas: fecha y tipo de cambio',
    ])
  })
})
