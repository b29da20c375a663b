import { auditLogs } from '@planillas/db'
import { paymentFixturesPerFile } from '@planillas/testing/api/payments'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t } = paymentFixturesPerFile()

describe('dated rates and catalogues', () => {
  it('answers the rates in force, and lets only the administrator add a dated row, audited', async () => {
    const inForce = await t.call('lector', { method: 'GET', url: '/api/v1/spot-rates' })
    expect(inForce.body.payload.find((r: { code: string }) => r.code === '027')).toMatchObject({
      rateBp: 400,
      minimumCents: 40_000,
    })
    const body = {
      code: '037',
      description: 'Demás servicios gravados con el IGV',
      rate: '10',
      minimum: '700.00',
      validFrom: '2031-01-01',
    }
    expect((await t.call('rrhh', { method: 'POST', url: '/api/v1/spot-rates', payload: body })).status).toBe(
      403,
    )
    expect((await t.call('admin', { method: 'POST', url: '/api/v1/spot-rates', payload: body })).status).toBe(
      200,
    )
    const dup = await t.call('admin', { method: 'POST', url: '/api/v1/spot-rates', payload: body })
    expect(dup.body.messages).toEqual(['Ya existe una tasa de ese código vigente desde esa fecha'])
    const history = await t.call('admin', { method: 'GET', url: '/api/v1/spot-rates?code=037' })
    expect(history.body.payload.map((r: { rateBp: number; source: string }) => [r.rateBp, r.source])).toEqual(
      [
        [1200, 'referencia'],
        [1000, 'usuario'],
      ],
    )
    // Every row of every code (the administrator's screen): the future row of 037 beside today's.
    const all = await t.call('admin', { method: 'GET', url: '/api/v1/spot-rates?history=true' })
    const rowsOf037 = all.body.payload.filter((r: { code: string }) => r.code === '037')
    expect(rowsOf037.map((r: { validFrom: string }) => r.validFrom).at(-1)).toBe('2031-01-01')
    expect(rowsOf037).toHaveLength(2)
    expect(all.body.payload.some((r: { code: string }) => r.code === '027')).toBe(true)
    const later = await t.call('admin', { method: 'GET', url: '/api/v1/spot-rates?date=2031-06-01' })
    expect(later.body.payload.find((r: { code: string }) => r.code === '037').rateBp).toBe(1000)
    const retention = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/retention-rates',
      payload: { rate: '4', threshold: '700', validFrom: '2031-01-01' },
    })
    expect(retention.status).toBe(200)
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'spot-rates'))
    expect(audit.map((a) => a.description)).toEqual([
      "Registró la tasa de detracción del código 037 'Demás servicios gravados con el IGV': 10 %, mínimo S/ 700.00, vigente desde 01/01/2031",
    ])
  })

  it("offers the voucher screens' options: paying companies, suppliers, líneas de gasto", async () => {
    for (const url of ['/companies', '/suppliers', '/expense-lines', '/reject-reasons'])
      expect((await t.call('tesoreria', { method: 'GET', url: `/api/v1${url}` })).status, url).toBe(200)
    for (const url of ['/companies', '/suppliers', '/expense-lines', '/project-types'])
      expect(
        (await t.call(['pagos_registrar', 'pagos_autorizar'], { method: 'GET', url: `/api/v1${url}` }))
          .status,
        url,
      ).toBe(200)
  })

  it('maintains líneas de gasto, tipos de proyecto and motivos de rechazo under pagos_catalogos', async () => {
    const created = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/reject-reasons',
      payload: { description: 'Proveedor no habido' },
    })
    expect(created.status).toBe(200)
    expect(
      (await t.call('rrhh', { method: 'POST', url: '/api/v1/expense-lines', payload: { description: 'X' } }))
        .status,
    ).toBe(403)
    const reasons = await t.call('tesoreria', { method: 'GET', url: '/api/v1/reject-reasons' })
    expect(reasons.body.payload.map((r: { description: string }) => r.description)).toContain(
      'Proveedor no habido',
    )
    const projects = await t.call('rrhh', { method: 'GET', url: '/api/v1/project-types' })
    expect(projects.status).toBe(200)
    expect((await t.call('auditor', { method: 'GET', url: '/api/v1/expense-lines' })).status).toBe(403)
  })
})

describe('OpenAPI', () => {
  it('documents every supplier-payments route with its body', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/suppliers/list',
        '/api/v1/suppliers/{id}',
        '/api/v1/payments/list',
        '/api/v1/payments/',
        '/api/v1/payments/{id}/approval-proposal',
        '/api/v1/payments/{id}/authorize',
        '/api/v1/payments/{id}/approve',
        '/api/v1/payments/{id}/pay',
        '/api/v1/payments/{id}/reject',
        '/api/v1/payments/{id}/cancel',
        '/api/v1/spot-rates/',
        '/api/v1/retention-rates/',
        '/api/v1/expense-lines/list',
        '/api/v1/project-types/',
        '/api/v1/reject-reasons/',
      ]),
    )
    const approve = docs.paths['/api/v1/payments/{id}/approve'].post
    expect(Object.keys(approve.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'paymentType',
        'spotCode',
        'detractionRate',
        'rateReason',
        'retention',
        'retentionReason',
      ]),
    )
    expect(approve.description).toContain('Quien registró el comprobante no puede aprobarlo')
  })
})
