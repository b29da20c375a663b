import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The API's memory grew from 192 to about 400 MB over an hour of varied use. This drives
 * varied requests (every list with changing searches, filters and pages, details, exports, sign-in
 * attempts from many addresses, refusals and unknown addresses) through `inject` in rounds and
 * checks that the heap after a full collection stops growing: whatever a request leaves behind
 * (caches, per-token memos, prepared statements, rate-limit entries, listeners) must be bounded.
 */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let t: TestApp
let headers: Record<string, string>[] = []
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { max: 1_000_000, windowMs: 60_000 } })
  // Several users and sessions, as a working day has.
  headers = await Promise.all((['admin', 'rrhh', 'auditor', 'lector'] as const).map((who) => t.as(who)))
})
afterAll(() => t.close())

const LISTS = [
  'areas',
  'positions',
  'companies',
  'employees',
  'contracts',
  'audit-logs',
  'payroll-batch',
  'payroll',
  'job-openings',
  'applicants',
]

let n = 0
/** One round of varied requests; `n` makes searches, pages and addresses differ every time. */
async function round(size: number) {
  for (let i = 0; i < size; i++) {
    n++
    const h = headers[n % headers.length]
    const list = LISTS[n % LISTS.length]
    const word = `busca${n}`
    await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/v1/${list}/list?page=${n % 7}`,
        headers: h,
        payload: { search: word },
      }),
      t.app.inject({
        method: 'GET',
        url: `/api/v1/ubigeos/districts?search=${word.slice(0, 3 + (n % 4))}`,
        headers: h,
      }),
      t.app.inject({ method: 'GET', url: `/api/v1/areas/${n}`, headers: h }),
      t.app.inject({ method: 'GET', url: `/api/v1/no-existe/${n}`, headers: h }),
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: h }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        payload: { refreshToken: `x${n}`.padEnd(30, 'y') },
      }),
      t.app.inject({
        method: 'GET',
        url: '/api/v1/areas',
        headers: { authorization: `Bearer forjado.${n}.x` },
      }),
      n % 10 === 0
        ? t.app.inject({
            method: 'POST',
            url: '/api/v1/areas/xlsx',
            headers: headers[0],
            payload: { search: word },
          })
        : Promise.resolve(),
    ])
  }
}

const heapAfterGc = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

describe('memory under varied use', () => {
  it('keeps the heap after collection bounded, round after round', async () => {
    await round(150)
    const warm = heapAfterGc()
    const rounds: number[] = []
    for (let r = 0; r < 3; r++) {
      await round(150)
      rounds.push(heapAfterGc())
    }
    console.log(
      'heap MB after warm-up and rounds',
      warm.toFixed(1),
      rounds.map((m) => m.toFixed(1)).join(' '),
    )
    expect(Math.max(...rounds) - warm).toBeLessThan(15)
  }, 600_000)
})
