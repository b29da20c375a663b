import { IDENTIFIER_TYPE } from '@planillas/domain'
import type { TestApp } from '@planillas/testing/api/app'
import { createEmployeeTestApp, employeeBody } from '@planillas/testing/api/employees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

describe('document types', () => {
  it.each([
    [IDENTIFIER_TYPE.CARNE_CPP, 'CPP123456'],
    [IDENTIFIER_TYPE.CARNE_REFUGIO, 'R00098765'],
  ])('registers an employee whose document type is %i', async (identifierType, identifier) => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees',
      payload: employeeBody({ identifierType, identifier, nationality: 'VE' }),
    })
    expect(res.status).toBe(200)
    const saved = await t.call('admin', { method: 'GET', url: `/api/v1/employees/${res.body.payload.id}` })
    expect(saved.body.payload).toMatchObject({ identifierType, identifier })
  })
})
