import { ENDPOINTS, type Endpoint } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Every endpoint of the contract the web tier is typed by is a route of the API, at that path. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('ENDPOINTS', () => {
  it.each(Object.keys(ENDPOINTS) as Endpoint[])('%s is a route', (endpoint) => {
    const [method, path] = endpoint.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
    expect(t.app.hasRoute({ method, url: `/api/v1${path}` })).toBe(true)
  })
})
