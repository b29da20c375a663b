import type { TestApp } from '@planillas/testing/api/app'
import { contractBody, createContract } from '@planillas/testing/api/contracts'
import { createEmployee, createEmployeeTestApp } from '@planillas/testing/api/employees'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
const ids = { companies: [] as number[], areas: [] as number[], positions: [] as number[] }

async function make(url: string, payload: Record<string, string>) {
  const res = await t.call('admin', { method: 'POST', url, payload })
  return res.body.payload.id as number
}

beforeAll(async () => {
  t = await createEmployeeTestApp()
  ids.companies.push(
    await make('/api/v1/companies', { ruc: '20131312955', name: 'Andina S.A.C.', address: 'Av. Lima 1' }),
  )
  ids.companies.push(
    await make('/api/v1/companies', { ruc: '20512333797', name: 'Costa S.A.', address: 'Av. Grau 2' }),
  )
  ids.areas.push(
    await make('/api/v1/areas', { description: 'Operaciones' }),
    await make('/api/v1/areas', { description: 'Ventas' }),
  )
  ids.positions.push(
    await make('/api/v1/positions', { description: 'Chofer' }),
    await make('/api/v1/positions', { description: 'Vendedor' }),
  )
  const [andina, costa] = ids.companies
  const [ops, sales] = ids.areas
  const [driver, seller] = ids.positions
  await createEmployee(t, {
    identifier: '40000001',
    name: 'José Luis',
    surname: 'Pérez Huamán',
    companyId: andina,
    areaId: ops,
    positionId: driver,
  })
  await createEmployee(t, {
    identifier: '40000002',
    name: 'Ana',
    surname: 'Ñahui Cusi',
    companyId: andina,
    areaId: sales,
    positionId: seller,
  })
  await createEmployee(t, {
    identifier: '40000003',
    name: 'Rosa',
    surname: 'Perez Salas',
    companyId: costa,
    areaId: ops,
    positionId: seller,
  })
  const activeId = await createEmployee(t, {
    identifier: '40000004',
    name: 'Luis',
    surname: 'Rojas Díaz',
    companyId: costa,
    areaId: sales,
    positionId: driver,
  })
  await createEmployee(t, {
    identifierType: 4,
    identifier: '001524367',
    name: 'Andrés',
    surname: 'González Marcano',
    nationality: 'VE',
  })
  // ACTIVO through a current contract, as the status always comes.
  await createContract(t, contractBody(activeId, { companyId: costa, areaId: sales, positionId: driver }))
})
afterAll(() => t.close())

async function list(filter: Record<string, unknown>, query = '') {
  const res = await t.call('admin', {
    method: 'POST',
    url: `/api/v1/employees/list${query}`,
    payload: filter,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.payload as {
    content: { identifier: string; [k: string]: unknown }[]
    totalElements: number
    totalPages: number
  }
}
const docs = async (filter: Record<string, unknown>, query = '') =>
  (await list(filter, query)).content.map((r) => r.identifier)

describe('employee list filters', () => {
  it('lists everyone with company, area and position names', async () => {
    const page = await list({})
    expect(page.totalElements).toBe(5)
    expect(page.content[0]).toMatchObject({
      identifier: '40000001',
      fullName: 'José Luis Pérez Huamán',
      companyName: 'Andina S.A.C.',
      areaName: 'Operaciones',
      positionName: 'Chofer',
      status: 2,
    })
  })

  it('searches name and document, ignoring accents and case, every word in any order', async () => {
    expect(await docs({ search: 'perez' })).toEqual(['40000001', '40000003'])
    expect(await docs({ search: 'PÉREZ josé' })).toEqual(['40000001'])
    expect(await docs({ search: 'huaman jose' })).toEqual(['40000001'])
    expect(await docs({ search: 'ñahui' })).toEqual(['40000002'])
    expect(await docs({ search: '0000003' })).toEqual(['40000003'])
    expect(await docs({ search: '001524' })).toEqual(['001524367'])
    expect(await docs({ search: '50%' })).toEqual([])
  })

  it('reads a one- or two-digit word as the start of the document, and leaves out short letter words with a hint', async () => {
    // Too short for the trigram index: '00' is not searched inside every document.
    expect(await docs({ search: '00' })).toEqual(['001524367'])
    expect(await docs({ search: '4' })).toHaveLength(4)
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { search: 'jo perez' },
    })
    expect(res.body.payload.content.map((r: { identifier: string }) => r.identifier)).toEqual([
      '40000001',
      '40000003',
    ])
    expect(res.body.messages).toEqual(["Se ignoró la palabra 'jo': escriba al menos 3 letras"])
    const both = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { search: 'a jo' },
    })
    expect(both.body.payload.totalElements).toBe(5)
    expect(both.body.messages).toEqual(["Se ignoraron las palabras 'a', 'jo': escriba al menos 3 letras"])
  })

  it('filters by status, areas, positions and company, together', async () => {
    expect(await docs({ status: 1 })).toEqual(['40000004'])
    expect(await docs({ status: 2 })).toHaveLength(4)
    expect(await docs({ areaIds: [ids.areas[0]] })).toEqual(['40000001', '40000003'])
    expect(await docs({ areaIds: ids.areas })).toHaveLength(4)
    expect(await docs({ roleIds: [ids.positions[1]] })).toEqual(['40000002', '40000003'])
    expect(await docs({ companyId: ids.companies[1] })).toEqual(['40000003', '40000004'])
    expect(
      await docs({
        companyId: ids.companies[1],
        areaIds: [ids.areas[0]],
        roleIds: [ids.positions[1]],
        status: 2,
      }),
    ).toEqual(['40000003'])
  })

  it('accepts the contract date ranges, which match nobody until contracts exist', async () => {
    expect(await docs({ contractInitiation: { from: '2025-01-01', to: '2025-12-31' } })).toEqual([])
    expect(await docs({ contractFinish: { to: '2025-12-31' } })).toEqual([])
    expect(await docs({ contractInitiation: { from: null, to: null } })).toHaveLength(5)
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { contractFinish: { from: '2025-12-31', to: '2025-01-01' } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(['La fecha inicial no puede ser mayor a la final'])
  })

  it('refuses bad filter values in Spanish', async () => {
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { status: 9 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(['Estado inválido'])
  })

  it('pages and sorts by allowed fields only', async () => {
    const page = await list({}, '?page=1&size=2&sort=surname,asc')
    expect(page).toMatchObject({ totalElements: 5, totalPages: 3 })
    // Spanish order (the es_pe collation): Ñ after N, an accented letter with its letter.
    expect(page.content.map((r) => r.surname)).toEqual(['Pérez Huamán', 'Perez Salas'])
    const spanish = ['González Marcano', 'Ñahui Cusi', 'Pérez Huamán', 'Perez Salas', 'Rojas Díaz']
    expect((await list({}, '?size=10&sort=surname,asc')).content.map((r) => r.surname)).toEqual(spanish)
    expect((await list({}, '?size=10&sort=surname,desc')).content.map((r) => r.surname)).toEqual(
      [...spanish].reverse(),
    )
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list?sort=searchText',
      payload: {},
    })
    expect(bad.status).toBe(400)
  })
})

describe('employee full list', () => {
  it('answers every employee by surname, or those matching a search', async () => {
    const all = await t.call('lector', { method: 'GET', url: '/api/v1/employees' })
    expect(all.body.payload).toHaveLength(5)
    expect(all.body.payload[0].surname).toBe('González Marcano')
    const some = await t.call('lector', { method: 'GET', url: '/api/v1/employees?search=rojas&limit=10' })
    expect(some.body.payload.map((e: { identifier: string }) => e.identifier)).toEqual(['40000004'])
  })
})

describe('employee export', () => {
  async function exportRows(filter: Record<string, unknown>) {
    const res = await t.call('admin', { method: 'POST', url: '/api/v1/employees/xlsx', payload: filter })
    expect(res.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.body as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as string[]).slice(1)
    const rows = []
    for (let i = 2; i <= sheet.actualRowCount; i++) {
      const values = (sheet.getRow(i).values as string[]).slice(1)
      rows.push(Object.fromEntries(header.map((h, j) => [h, values[j]])))
    }
    return rows
  }

  it.each([
    {},
    { search: 'perez' },
    { areaIds: [1] },
    { status: 1 },
    { contractInitiation: { from: '2025-01-01' } },
  ])('has one row per employee the list counts for %o', async (filter) => {
    const { totalElements } = await list(filter)
    expect(await exportRows(filter)).toHaveLength(totalElements)
  })

  it('shows labels, not codes', async () => {
    const [first] = await exportRows({ search: '40000001' })
    expect(first).toMatchObject({
      Código: 'COL-000001',
      'Tipo de documento': 'DNI',
      'Número de documento': '40000001',
      Empresa: 'Andina S.A.C.',
      Área: 'Operaciones',
      Cargo: 'Chofer',
      Estado: 'SIN CONTRATO',
      Sexo: 'Femenino',
      Nacionalidad: 'Perú',
      Ubigeo: 'MIRAFLORES — LIMA / LIMA',
      Banco: 'Banco de Crédito del Perú',
      'Tipo de cuenta': 'SUELDO',
      'Datos bancarios confirmados': 'NO',
      'Confirmado por': undefined,
      // A spreadsheet date (shown 14/05/1990), not text.
      'Fecha de nacimiento': new Date('1990-05-14T00:00:00Z'),
    })
    const [foreigner] = await exportRows({ search: '001524367' })
    expect(foreigner).toMatchObject({
      'Tipo de documento': 'Carné de extranjería',
      Nacionalidad: 'Venezuela',
    })
  })
})
