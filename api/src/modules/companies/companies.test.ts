import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { quotePrefixedCells } from '@planillas/testing/zip-fixtures'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let provider: ReturnType<typeof createServer>
const providerCalls: string[] = []

beforeAll(async () => {
  // A local fake of an external RUC provider (SUNAT-like answers).
  provider = createServer((req, res) => {
    providerCalls.push(`${req.url} ${req.headers.authorization ?? ''}`)
    if (req.url?.endsWith('/20100017491')) {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ razonSocial: 'Empresa Externa S.A.', direccion: 'Av. Externa 123, Lima' }))
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const { port } = provider.address() as AddressInfo
  t = await createTestApp({ rucLookupUrl: `http://127.0.0.1:${port}/ruc`, rucLookupToken: 'secreto' })
})
afterAll(async () => {
  await t.close()
  provider.close()
})

const company = (over: Record<string, unknown> = {}) => ({
  ruc: '20131312955',
  name: 'Superintendencia de Prueba',
  address: 'Av. Garcilaso de la Vega 1472, Lima',
  legalRepresentative: '',
  ...over,
})

describe('companies API', () => {
  it('validates every field with one Spanish message per problem', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: { ruc: '2013131295A', name: ' ', address: '' },
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'RUC debe tener un valor numérico',
      'Razón social es requerida',
      'Dirección fiscal es requerida',
    ])
    const short = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: company({ ruc: '2013131295' }),
    })
    expect(short.body.messages).toEqual(['RUC debe tener 11 dígitos'])
    const badDigit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: company({ ruc: '20131312956' }),
    })
    expect(badDigit.body.messages).toEqual(['RUC inválido: el dígito verificador no corresponde'])
    const long = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: company({ name: 'x'.repeat(201) }),
    })
    expect(long.body.messages).toEqual(['Razón social admite como máximo 200 caracteres'])
  })

  it('creates a company, refuses the same RUC again and keeps the RUC on update', async () => {
    const created = await t.call('rrhh', { method: 'POST', url: '/api/v1/companies', payload: company() })
    expect(created.status).toBe(200)
    const id = created.body.payload.id
    const dup = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: company({ name: 'Otra' }),
    })
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual(['Ya existe una empresa registrada con el mismo RUC'])
    await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/companies/${id}`,
      payload: {
        ruc: '20512333797',
        name: 'Nuevo Nombre S.A.',
        address: 'Jr. Nuevo 1',
        legalRepresentative: 'Ana Pérez',
      },
    })
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/companies/${id}` })
    expect(read.body.payload).toMatchObject({
      ruc: '20131312955',
      name: 'Nuevo Nombre S.A.',
      legalRepresentative: 'Ana Pérez',
    })
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'Nuevo Nombre' },
    })
    expect(audit.body.payload.content[0]).toMatchObject({ action: 'UPDATE', actor: 'rrhh@planillas.pe' })
    expect(audit.body.payload.content[0].description).toContain(
      "Razón social: 'Superintendencia de Prueba' → 'Nuevo Nombre S.A.'",
    )
  })

  it('looks a RUC up in our records first, then at the configured provider', async () => {
    const ours = await t.call('rrhh', { method: 'GET', url: '/api/v1/companies/ruc/20131312955' })
    expect(ours.body.payload).toEqual({
      alreadyExists: true,
      name: 'Nuevo Nombre S.A.',
      address: 'Jr. Nuevo 1',
    })
    const external = await t.call('rrhh', { method: 'GET', url: '/api/v1/companies/ruc/20100017491' })
    expect(external.body.payload).toEqual({
      alreadyExists: false,
      name: 'Empresa Externa S.A.',
      address: 'Av. Externa 123, Lima',
    })
    expect(providerCalls).toContain('/ruc/20100017491 Bearer secreto')
    const unknown = await t.call('rrhh', { method: 'GET', url: '/api/v1/companies/ruc/20512333797' })
    expect(unknown.body.payload).toEqual({ alreadyExists: false, name: null, address: null })
    const invalid = await t.call('rrhh', { method: 'GET', url: '/api/v1/companies/ruc/20512333798' })
    expect(invalid.status).toBe(400)
  })

  it('exports formula-looking text as text, with as many rows as the list counts', async () => {
    await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: company({ ruc: '20512333797', name: '=HYPERLINK("http://x.invalid","clic")' }),
    })
    const list = await t.call('admin', { method: 'POST', url: '/api/v1/companies/list', payload: {} })
    const res = await t.call('admin', { method: 'POST', url: '/api/v1/companies/xlsx', payload: {} })
    expect(res.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.body)
    const sheet = workbook.worksheets[0]
    expect(sheet.actualRowCount - 1).toBe(list.body.payload.totalElements)
    const names = sheet.getColumn(3).values.slice(2)
    // The name as typed, under the quote-prefix style: shown as stored, never run.
    expect(names).toContain('=HYPERLINK("http://x.invalid","clic")')
    for (const row of sheet.getRows(2, sheet.actualRowCount - 1) ?? []) {
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula))
    }
    expect([...quotePrefixedCells(res.body).values()]).toContain('=HYPERLINK("http://x.invalid","clic")')
  })

  it('filters by status and refuses a download without its permission', async () => {
    const list = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies/list',
      payload: { status: 2 },
    })
    expect(list.body.payload.totalElements).toBe(0)
    const reader = await t.call('lector', { method: 'POST', url: '/api/v1/companies/xlsx', payload: {} })
    expect(reader.status).toBe(403)
  })
})

describe("a company's 'agente de retención' setting", () => {
  it('is set with the box, kept by a form that does not send it, and audited', async () => {
    const created = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: { ruc: '20100070970', name: 'Agente S.A.', address: 'Av. Uno 1', retentionAgent: 'on' },
    })
    expect(created.status).toBe(200)
    const id = created.body.payload.id
    const read = async () =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/companies/${id}` })).body.payload
    expect((await read()).retentionAgent).toBe(true)
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/companies/${id}`,
      payload: { name: 'Agente S.A.C.', address: 'Av. Uno 1' },
    })
    expect(await read()).toMatchObject({ name: 'Agente S.A.C.', retentionAgent: true })
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/companies/${id}`,
      payload: { name: 'Agente S.A.C.', address: 'Av. Uno 1', retentionAgent: false },
    })
    expect((await read()).retentionAgent).toBe(false)
    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'Agente de retención' },
    })
    expect(audit.body.payload.content.map((r: { description: string }) => r.description)).toEqual([
      expect.stringMatching(/^Actualizó la empresa EM-\d+: Agente de retención: 'SÍ' → 'NO'$/),
    ])
  })
})
