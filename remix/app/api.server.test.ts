import type { ResponseOf } from '@planillas/domain'
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { ApiError, call } from './api.server'

afterEach(() => vi.unstubAllGlobals())

/** fetch answering `body` with `status`; it records what the client asked. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const request = new Request('http://web.test/contratos/7/detalle')
const contract = {
  employeeId: 3,
  contractType: 1,
  startDate: '2026-12-01',
  companyId: 1,
  areaId: 1,
  positionId: 1,
  baseSalary: 1500,
}

describe('call', () => {
  it('fills the path, sends the method and body, and answers the payload', async () => {
    const fetch = answering(200, { status: 'OK', payload: { id: 7 }, messages: [] })
    const saved = await call(request, 'PUT /contracts/:id', {
      params: { id: 7 },
      body: contract,
      token: null,
    })
    expect(saved.id).toBe(7)
    const [url, init] = fetch.mock.calls[0]
    expect(url).toMatch(/\/api\/v1\/contracts\/7$/)
    expect(init.method).toBe('PUT')
    expect(JSON.parse(String(init.body))).toEqual(contract)
  })

  it('throws the API messages of a refused call', async () => {
    answering(400, { status: 'ERROR', payload: null, messages: ['Sueldo Base es requerido'] })
    const refused = call(request, 'POST /contracts', { body: { ...contract, baseSalary: '' }, token: null })
    await expect(refused).rejects.toEqual(new ApiError(400, ['Sueldo Base es requerido']))
  })
})

/**
 * The contract at compile time: these loaders are never run, typecheck is the test. A field the
 * API's response schema does not have, a missing path parameter or an unknown endpoint fail
 * `npm run typecheck`.
 */
describe('the web reads only what the API answers', () => {
  it('types each call by its endpoint', () => {
    async function loader(request: Request) {
      const contract = await call(request, 'GET /contracts/:id', { params: { id: 1 } })
      // @ts-expect-error the contracts API answers no `salary` (it is `baseSalary`)
      const salary: number = contract.salary
      // @ts-expect-error 'GET /contracts/:id' needs its id
      await call(request, 'GET /contracts/:id')
      // @ts-expect-error a contract's body has no `salary`
      await call(request, 'POST /contracts', { body: { ...contract, salary: 1 } })
      // @ts-expect-error no such endpoint in the contract
      await call(request, 'GET /contract/:id', { params: { id: 1 } })
      return { number: contract.number, salary: contract.baseSalary + salary }
    }
    expectTypeOf(loader).returns.resolves.toEqualTypeOf<{ number: string; salary: number }>()
    // Dates travel as ISO strings.
    expectTypeOf<ResponseOf<'GET /contracts/:id'>['createdAt']>().toEqualTypeOf<string>()
  })
})
