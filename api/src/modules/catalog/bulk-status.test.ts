import { auditLogs } from '@planillas/db'
import { rucCheckDigit } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Several cargos or empresas change status in one call (as areas do, catalog.test.ts):
 * all or nothing, one audit entry per record changed, only for who may edit them.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const RESOURCES = [
  {
    api: 'positions',
    entity: 'positions',
    body: (n: number) => ({ description: `Cargo en lote ${n}` }),
  },
  {
    api: 'companies',
    entity: 'companies',
    body: (n: number) => ({
      ruc: ruc(String(2051234500 + n)),
      name: `Empresa en lote ${n}`,
      address: 'Av. Arequipa 100, Lima',
      legalRepresentative: '',
    }),
  },
] as const

describe.each(RESOURCES)('PUT /$api/status', ({ api, entity, body }) => {
  it('suspends several at once, an audit entry each; an unknown id or a reader changes nothing', async () => {
    const ids: number[] = []
    for (const n of [1, 2]) {
      const created = await t.call('admin', { method: 'POST', url: `/api/v1/${api}`, payload: body(n) })
      expect(created.status).toBe(200)
      ids.push(created.body.payload.id)
    }
    const entries = (id: number) =>
      t.handle.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(id))))
    const statusOf = async (id: number) =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/${api}/${id}` })).body.payload.status

    const refused = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/${api}/status?status=2`,
      payload: { ids: [ids[0], 99_999] },
    })
    expect(refused.status).toBe(404)
    expect(await statusOf(ids[0])).toBe(1)
    const reader = await t.call('lector', {
      method: 'PUT',
      url: `/api/v1/${api}/status?status=2`,
      payload: { ids },
    })
    expect(reader.status).toBe(403)

    const before = await Promise.all(ids.map(async (id) => (await entries(id)).length))
    const done = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/${api}/status?status=2`,
      payload: { ids },
    })
    expect(done.status).toBe(200)
    expect(done.body.payload).toEqual({ ids })
    for (const [i, id] of ids.entries()) {
      expect(await statusOf(id)).toBe(2)
      const after = await entries(id)
      expect(after).toHaveLength(before[i] + 1)
      expect(after.at(-1)?.actor).toBe('rrhh@planillas.pe')
      expect(after.at(-1)?.description).toMatch(/SUSPENDIDO$/)
    }
  })
})
