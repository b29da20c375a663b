import { ENDPOINTS, type Endpoint } from '@planillas/domain'
import {
  createSupplier,
  paymentFixturesPerFile,
  registerVoucher,
  voucherFields,
} from '@planillas/testing/api/payments'
import { describe, expect, it } from 'vitest'
import { API_PATHS } from './app'

/**
 * Vouchers and abonos answer at their subject's word and at their former path
 * (docs/decisions/one-word-per-object.md): the same routes, the same answers.
 */
const { t, fx } = paymentFixturesPerFile()

const former = (paths: readonly string[]) => paths[1]
const canonical = (paths: readonly string[]) => paths[0]

describe('the canonical and the former paths', () => {
  const moved = Object.values(API_PATHS).flatMap((paths) =>
    (Object.keys(ENDPOINTS) as Endpoint[])
      .filter(
        (endpoint) =>
          endpoint.split(' ')[1].startsWith(`${former(paths)}/`) || endpoint.endsWith(` ${former(paths)}`),
      )
      .map((endpoint) => [endpoint, endpoint.replace(` ${former(paths)}`, ` ${canonical(paths)}`)]),
  )

  it('moves every endpoint of the former paths', () => {
    expect(moved.map(([endpoint]) => endpoint)).toContain('POST /payments/list')
    expect(moved.map(([endpoint]) => endpoint)).toContain('POST /payment-batches/list')
  })

  it.each(moved)('%s is also %s', (_endpoint, moved) => {
    const [method, path] = moved.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
    expect(t.app.hasRoute({ method, url: `/api/v1${path}` })).toBe(true)
  })

  it('answers a voucher, the vouchers list and the abonos list the same at both paths', async () => {
    const supplierId = await createSupplier(t)
    const id = await registerVoucher(t, voucherFields(supplierId, fx))
    const both = async (paths: readonly string[], method: 'GET' | 'POST', rest: string, payload?: object) => {
      const [a, b] = await Promise.all(
        paths.map((prefix) => t.call('admin', { method, url: `/api/v1${prefix}${rest}`, payload })),
      )
      expect(a.status).toBe(200)
      expect(b).toEqual(a)
      return a.body
    }
    const detail = await both(API_PATHS.vouchers, 'GET', `/${id}`)
    expect(detail.payload.id).toBe(id)
    const list = await both(API_PATHS.vouchers, 'POST', '/list', {})
    expect(list.payload.content.map((v: { id: number }) => v.id)).toContain(id)
    await both(API_PATHS.abonos, 'POST', '/list', {})
  })
})
