import type { TestApp } from '@planillas/testing/api/app'
import {
  type Catalog,
  changeStatus,
  contractBody,
  createCatalog,
  createContract,
  createContractTestApp,
  createEmployee,
  fromToday,
} from '@planillas/testing/api/contracts'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let andes: Catalog
let costa: Catalog
const numbers: Record<string, string> = {}

/**
 * Five contracts, dated from today so that their statuses never depend on the day the tests run:
 * Pérez (1 año from 300 days ago, Andes), Ñahui (indefinido from 200 days ago, Andes, with
 * allowance), Rojas (6 meses from 100 days ago, Costa, then finished), Rojas again (3 meses from
 * 10 days ahead, Costa), Salas (1 mes from 400 days ago, long over).
 */
beforeAll(async () => {
  t = await createContractTestApp()
  andes = await createCatalog(t, 'Andes')
  costa = await createCatalog(t, 'Costa')
  const perez = await createEmployee(t, {
    identifier: '41000001',
    name: 'José Luis',
    surname: 'Pérez Huamán',
  })
  const nahui = await createEmployee(t, { identifier: '41000002', name: 'Ana', surname: 'Ñahui Cusi' })
  const rojas = await createEmployee(t, { identifier: '41000003', name: 'Luis', surname: 'Rojas Díaz' })
  const salas = await createEmployee(t, { identifier: '41000004', name: 'Rosa', surname: 'Salas Poma' })
  const save = async (key: string, body: Record<string, unknown>) => {
    const id = await createContract(t, body)
    numbers[key] = (
      await t.call('admin', { method: 'GET', url: `/api/v1/contracts/${id}` })
    ).body.payload.number
    return id
  }
  await save('perez', contractBody(perez, andes, { contractType: 4, startDate: fromToday(-300) }))
  await save(
    'nahui',
    contractBody(nahui, andes, { contractType: 5, startDate: fromToday(-200), familyAllowance: true }),
  )
  const first = await save(
    'rojas1',
    contractBody(rojas, costa, { contractType: 3, startDate: fromToday(-100) }),
  )
  expect((await changeStatus(t, first, 3)).status).toBe(200)
  await save('rojas2', contractBody(rojas, costa, { contractType: 2, startDate: fromToday(10) }))
  await save('salas', contractBody(salas, costa, { contractType: 1, startDate: fromToday(-400) }))
})
afterAll(() => t.close())

const list = async (filter: Record<string, unknown>, query = '') => {
  const res = await t.call('admin', {
    method: 'POST',
    url: `/api/v1/contracts/list${query}`,
    payload: filter,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.payload
}
const numbersOf = async (filter: Record<string, unknown>, query = '') =>
  ((await list(filter, query)).content as { number: string }[]).map((r) => r.number).sort()
const only = (...keys: string[]) => keys.map((k) => numbers[k]).sort()

describe('contracts list', () => {
  it('pages the newest first with the list columns', async () => {
    const page = await list({}, '?page=0&size=2')
    expect(page.totalElements).toBe(5)
    expect(page.totalPages).toBe(3)
    expect(page.content.map((r: { number: string }) => r.number)).toEqual([numbers.salas, numbers.rojas2])
    const nahui = (await list({ search: 'ñahui' })).content[0]
    expect(nahui).toMatchObject({
      identifierType: 1,
      identifier: '41000002',
      fullName: 'Ana Ñahui Cusi',
      companyName: expect.stringContaining('Andes'),
      areaName: expect.stringContaining('Andes'),
      startDate: fromToday(-200),
      contractType: 5,
      baseSalary: 2500,
      totalSalary: 2613,
      status: 1,
    })
  })

  it('searches by document number, names in any order without accents, or contract number', async () => {
    expect(await numbersOf({ search: '41000001' })).toEqual(only('perez'))
    expect(await numbersOf({ search: 'huaman perez' })).toEqual(only('perez'))
    expect(await numbersOf({ search: 'rojas' })).toEqual(only('rojas1', 'rojas2'))
    expect(await numbersOf({ search: numbers.nahui })).toEqual(only('nahui'))
    expect(await numbersOf({ search: 'nadie' })).toEqual([])
  })

  it('filters by status, duration, companies, areas and positions', async () => {
    expect(await numbersOf({ status: 3 })).toEqual(only('rojas1', 'salas'))
    expect(await numbersOf({ status: 1 })).toEqual(only('perez', 'nahui', 'rojas2'))
    expect(await numbersOf({ contractType: 5 })).toEqual(only('nahui'))
    expect(await numbersOf({ companyIds: [andes.companyId] })).toEqual(only('perez', 'nahui'))
    expect(await numbersOf({ companyIds: [andes.companyId, costa.companyId], status: 1 })).toEqual(
      only('perez', 'nahui', 'rojas2'),
    )
    expect(await numbersOf({ areaIds: [costa.areaId], contractType: 2 })).toEqual(only('rojas2'))
    expect(await numbersOf({ positionIds: [andes.positionId] })).toEqual(only('perez', 'nahui'))
    expect(await numbersOf({ positionIds: [costa.positionId], status: 1 })).toEqual(only('rojas2'))
    expect(await numbersOf({ positionIds: [andes.positionId, costa.positionId] })).toHaveLength(5)
  })

  it('filters by start and end date ranges, either end open', async () => {
    expect(await numbersOf({ contractInitiation: { from: fromToday(-310), to: fromToday(-150) } })).toEqual(
      only('perez', 'nahui'),
    )
    expect(await numbersOf({ contractInitiation: { from: fromToday(-120) } })).toEqual(
      only('rojas1', 'rojas2'),
    )
    // The indefinite contract has no end date: any end-date range leaves it out.
    expect(await numbersOf({ contractFinish: { to: fromToday(70) } })).toEqual(only('perez', 'salas'))
    expect(await numbersOf({ contractFinish: { from: fromToday(75) } })).toEqual(only('rojas1', 'rojas2'))
  })

  it('sorts by allowed fields and refuses others in Spanish', async () => {
    const bySalary = (await list({}, '?sort=startDate,asc')).content.map((r: { number: string }) => r.number)
    expect(bySalary[0]).toBe(numbers.salas)
    const bad = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/list?sort=hack',
      payload: {},
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages[0]).toMatch(/^No se puede ordenar por 'hack'/)
    const reversed = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts/list',
      payload: { contractInitiation: { from: '2026-12-01', to: '2026-01-01' } },
    })
    expect(reversed.body.messages).toEqual(['La fecha inicial no puede ser mayor a la final'])
  })
})

async function exportRows(filter: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contracts/xlsx',
    payload: filter,
    headers: await t.as('admin'),
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-disposition']).toMatch(/contratos-\d{4}-\d{2}-\d{2}\.xlsx/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  workbook.worksheets[0].eachRow((row) =>
    rows.push(Array.from({ length: 16 }, (_, i) => (row.values as unknown[])[i + 1] ?? '')),
  )
  return rows
}

describe('contracts export', () => {
  it.each([{}, { status: 1 }, { search: 'rojas' }, { companyIds: [99999] }])(
    'has one row per contract the list counts for %o',
    async (filter) => {
      const { totalElements } = await list(filter)
      expect((await exportRows(filter)).length - 1).toBe(totalElements)
    },
  )

  it('shows labels and soles, not codes', async () => {
    const [header, row] = await exportRows({ search: 'ñahui' })
    expect(header).toEqual([
      'N° de contrato',
      'Tipo de documento',
      'Número de documento',
      'Colaborador',
      'Empresa',
      'Área',
      'Cargo',
      'Fecha de inicio',
      'Fecha de fin',
      'Duración del contrato',
      'Sueldo Base (S/)',
      'Asignación familiar',
      'Sueldo Total (S/)',
      'Estado',
      'Fecha de cese',
      'Motivo',
    ])
    expect(row).toEqual([
      numbers.nahui,
      'DNI',
      '41000002',
      'Ana Ñahui Cusi',
      expect.stringContaining('Andes'),
      expect.stringContaining('Andes'),
      expect.stringContaining('Andes'),
      // A spreadsheet date (shown DD/MM/YYYY), not text; no end date, an empty cell.
      new Date(`${fromToday(-200)}T00:00:00Z`),
      '',
      'Indefinido',
      2500,
      'SÍ',
      2613,
      'VIGENTE',
      '',
      '',
    ])
  })
})

describe('employees list: contract date filters act on the current contract', () => {
  const employeeDocs = async (filter: Record<string, unknown>) => {
    const res = await t.call('admin', { method: 'POST', url: '/api/v1/employees/list', payload: filter })
    return (res.body.payload.content as { identifier: string }[]).map((r) => r.identifier).sort()
  }

  it('matches the current contract’s dates, ignoring finished ones', async () => {
    expect(
      await employeeDocs({ contractInitiation: { from: fromToday(-310), to: fromToday(-150) } }),
    ).toEqual(['41000001', '41000002'])
    // Rojas' finished contract started 100 days ago; only his current one (10 days ahead) counts.
    expect(await employeeDocs({ contractInitiation: { from: fromToday(-110), to: fromToday(-90) } })).toEqual(
      [],
    )
    expect(await employeeDocs({ contractInitiation: { from: fromToday(0) } })).toEqual(['41000003'])
    expect(await employeeDocs({ contractFinish: { from: fromToday(60), to: fromToday(110) } })).toEqual([
      '41000001',
      '41000003',
    ])
    // Salas has no current contract: no range with a bound includes her.
    expect(await employeeDocs({ contractFinish: { to: fromToday(-300) } })).toEqual([])
    expect(await employeeDocs({ status: 2 })).toEqual(['41000004'])
  })
})
