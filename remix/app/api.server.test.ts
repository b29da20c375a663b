import { MESSAGES, type ResponseOf } from '@planillas/domain'
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { ApiError, call } from './api.server'
import { exchange } from './api-transport.server'

vi.mock('./api-transport.server', () => ({ exchange: vi.fn() }))
afterEach(() => {
  vi.mocked(exchange).mockReset()
  vi.unstubAllGlobals()
})

/** The API answering `body` with `status`; the mock records what the client asked. */
function answering(status: number, body: unknown) {
  return vi.mocked(exchange).mockResolvedValue({ status, text: JSON.stringify(body) })
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
    const api = answering(200, { status: 'OK', payload: { id: 7 }, messages: [] })
    const saved = await call(request, 'PUT /contracts/:id', {
      params: { id: 7 },
      body: contract,
      token: null,
    })
    expect(saved.id).toBe(7)
    const [url, sent] = api.mock.calls[0]
    expect(url).toMatch(/\/api\/v1\/contracts\/7$/)
    expect(sent.method).toBe('PUT')
    expect(sent.headers['Content-Type']).toBe('application/json')
    expect(JSON.parse(String(sent.body))).toEqual(contract)
  })

  it('throws the API messages of a refused call', async () => {
    answering(400, { status: 'ERROR', payload: null, messages: ['Sueldo Base es requerido'] })
    const refused = call(request, 'POST /contracts', { body: { ...contract, baseSalary: '' }, token: null })
    await expect(refused).rejects.toEqual(new ApiError(400, ['Sueldo Base es requerido']))
  })

  it('answers 503 with the generic message when the API cannot be reached or answers no envelope', async () => {
    vi.mocked(exchange).mockRejectedValue(new Error('connect ECONNREFUSED'))
    await expect(call(request, 'GET /areas', { token: null })).rejects.toMatchObject({ status: 503 })
    vi.mocked(exchange).mockResolvedValue({ status: 502, text: '<html>Bad Gateway</html>' })
    await expect(call(request, 'GET /areas', { token: null })).rejects.toEqual(
      new ApiError(502, [MESSAGES.generic]),
    )
  })

  it('sends a multipart body (a form with its file) through fetch, as FormData', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ status: 'OK', payload: { id: 9 }, messages: [] }),
    )
    vi.stubGlobal('fetch', fetch)
    const body = new FormData()
    body.append('name', 'Elena')
    body.append('cv', new File(['%PDF-1.4'], 'cv elena.pdf', { type: 'application/pdf' }))
    const saved = await call(request, 'POST /applicants', { body, token: null })
    expect(saved.id).toBe(9)
    const [url, init] = fetch.mock.calls[0]
    expect(url).toMatch(/\/api\/v1\/applicants$/)
    expect(init.method).toBe('POST')
    expect(init.body).toBe(body)
    expect(exchange).not.toHaveBeenCalled()
  })

  it('shows the forbidden page on a 403 and signs a session out on a 401', async () => {
    answering(403, { status: 'ERROR', payload: null, messages: [] })
    await expect(call(request, 'GET /areas', { token: null })).rejects.toMatchObject({ status: 403 })
    answering(401, { status: 'ERROR', payload: null, messages: [] })
    const signedOut = await call(request, 'GET /areas', { token: 'caducado' }).catch((e: Response) => e)
    expect(signedOut).toBeInstanceOf(Response)
    expect((signedOut as Response).status).toBe(302)
    expect((signedOut as Response).headers.get('Location')).toBe('/login')
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
