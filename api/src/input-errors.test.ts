import type { TestApp } from '@planillas/testing/api/app'
import { createEmployeeTestApp, employeeBody } from '@planillas/testing/api/employees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Input the API cannot use is a Spanish 400, never the 500 'Ocurrió un error…' that
 * must only ever mean a real server fault.
 */
let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

const NUL_MESSAGE = 'El texto contiene caracteres no permitidos'
const TOO_BIG = 2147483648

describe('NUL bytes', () => {
  it.each([
    ['POST', '/api/v1/areas', { description: 'Ventas\u0000' }],
    ['POST', '/api/v1/employees', null],
    ['POST', '/api/v1/employees/list', { search: 'ana\u0000' }],
    ['POST', '/api/v1/contracts/list', { search: '\u0000' }],
    ['POST', '/api/v1/companies/list', { search: 'x\u0000y' }],
    ['POST', '/api/v1/audit-logs/list', { search: 'a\u0000' }],
    ['POST', '/api/v1/job-openings/list', { search: 'a\u0000' }],
  ] as const)('%s %s with a NUL in the JSON body → 400', async (method, url, payload) => {
    const body = payload ?? employeeBody({ name: 'Mar\u0000ía' })
    const res = await t.call('admin', { method, url, payload: body })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([NUL_MESSAGE])
  })

  it.each([
    '/api/v1/employees?search=a%00b',
    '/api/v1/areas?search=%00',
    '/api/v1/ubigeos/districts?search=lima%00',
    '/api/v1/contracts?search=%00',
    '/api/v1/payment-batches/line-status?payrollId=1&lineIds=1&x=%00',
  ])('GET %s with a NUL in the query → 400', async (url) => {
    const res = await t.call('admin', { method: 'GET', url })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([NUL_MESSAGE])
  })

  it('answers 400 for a NUL in a path parameter', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/companies/ruc/2013%001312955' })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([NUL_MESSAGE])
  })
})

describe('ids above 2^31-1', () => {
  it.each([
    `/api/v1/employees/${TOO_BIG}`,
    `/api/v1/areas/${TOO_BIG}`,
    `/api/v1/positions/${TOO_BIG}`,
    `/api/v1/companies/${TOO_BIG}`,
    `/api/v1/contracts/${TOO_BIG}`,
    `/api/v1/contracts/${TOO_BIG}/renewal`,
    `/api/v1/job-openings/${TOO_BIG}`,
    `/api/v1/applicants/${TOO_BIG}`,
    `/api/v1/payroll/${TOO_BIG}`,
    `/api/v1/payroll-batch/${TOO_BIG}`,
    `/api/v1/payment-batches/${TOO_BIG}`,
    `/api/v1/payment-batches/line-status?payrollId=${TOO_BIG}&lineIds=1`,
    `/api/v1/payment-batches/line-status?payrollId=1&lineIds=${TOO_BIG}`,
  ])('GET %s → 400', async (url) => {
    const res = await t.call('admin', { method: 'GET', url })
    expect(res.status).toBe(400)
    expect(res.body.messages.join()).not.toMatch(/Ocurrió un error/)
  })

  it('answers 404 for the largest id there can be', async () => {
    const res = await t.call('admin', { method: 'GET', url: '/api/v1/employees/2147483647' })
    expect(res.status).toBe(404)
  })

  it.each([
    ['/api/v1/employees/list', { areaIds: [TOO_BIG] }, 'Identificador inválido'],
    ['/api/v1/employees/list', { roleIds: [1, TOO_BIG] }, 'Identificador inválido'],
    ['/api/v1/employees/list', { companyId: TOO_BIG }, 'Empresa inválida'],
    ['/api/v1/employees/xlsx', { areaIds: [TOO_BIG] }, 'Identificador inválido'],
    ['/api/v1/contracts/list', { companyIds: [TOO_BIG] }, 'Identificador inválido'],
    ['/api/v1/contracts/list', { areaIds: [TOO_BIG] }, 'Identificador inválido'],
  ] as const)('POST %s with %j → 400', async (url, filter, message) => {
    const res = await t.call('admin', { method: 'POST', url, payload: filter })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([message])
  })

  it('refuses an employee body whose area id is too big', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees',
      payload: employeeBody({ areaId: TOO_BIG }),
    })
    expect(res.status).toBe(400)
  })
})

describe('impossible calendar dates', () => {
  it('refuses 2025-02-30 as a birth date with the field message', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees',
      payload: employeeBody({ birthDate: '2025-02-30' }),
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['Fecha de nacimiento inválida'])
  })

  it('refuses impossible dates in the list filters', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { contractInitiation: { from: '2025-02-30' } },
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['Fecha inicial inválida'])
  })
})

describe('impossible calendar dates in other fields', () => {
  it.each([
    ['/api/v1/audit-logs/list', { date: { from: '2025-02-30' } }, 'Fecha inicial inválida'],
    ['/api/v1/contracts/list', { contractFinish: { to: '2025-02-29' } }, 'Fecha final inválida'],
    ['/api/v1/applicants/list', { hireDate: { from: '2025-04-31' } }, 'Fecha inicial inválida'],
  ] as const)('POST %s with %j → 400', async (url, filter, message) => {
    const res = await t.call('admin', { method: 'POST', url, payload: filter })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([message])
  })

  it('refuses a contract starting on 2025-02-30', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/contracts',
      payload: {
        employeeId: 1,
        contractType: 1,
        startDate: '2025-02-30',
        positionId: 1,
        areaId: 1,
        companyId: 1,
        baseSalary: '2000',
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toContain('Fecha de Inicio inválida')
  })
})

describe('texts that show nothing', () => {
  it.each(['\u200b', '\u200b\u00a0\u200d\ufeff', ' \u2060\u3164 '])(
    'refuses an area named only %j as empty, storing nothing',
    async (description) => {
      const res = await t.call('admin', { method: 'POST', url: '/api/v1/areas', payload: { description } })
      expect(res.status).toBe(400)
      expect(res.body.messages).toEqual(['Descripción es requerida'])
    },
  )

  it('answers a 5,000-character district search with a Spanish 400', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/ubigeos/districts?search=${'lima'.repeat(1250)}`,
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['La búsqueda admite como máximo 100 caracteres'])
  })
})
