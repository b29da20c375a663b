import { auditLogs } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORTS_BUSY, EXPORTS_BUSY_FOR_USER, ExportSlots } from './export-slots'

describe('export slots', () => {
  it('bound exports per user and in total, and free each slot once', () => {
    const slots = new ExportSlots({ perUser: 2, total: 3 })
    const a1 = slots.take('a')
    slots.take('a')
    expect(() => slots.take('a')).toThrow(EXPORTS_BUSY_FOR_USER(2))
    const b1 = slots.take('b')
    expect(() => slots.take('c')).toThrow(EXPORTS_BUSY)
    a1()
    a1()
    expect(slots.inUse).toBe(2)
    slots.take('c')
    b1()
    expect(slots.inUse).toBe(2)
  })
})

/** One auditor running 16 audit-log exports at once slowed the API for everyone. */
describe('the audit-log export under load', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ exportLimits: { perUser: 2, total: 3 } })
    await t.handle.db.insert(auditLogs).values(
      Array.from({ length: 3000 }, (_, i) => ({
        action: 'UPDATE',
        entity: 'areas',
        entityId: String(i + 1),
        actor: 'rrhh@planillas.pe',
        description: `Cambio número ${i + 1} de un área`,
      })),
    )
  })
  afterAll(() => t.close())

  const exportAs = async (who: 'auditor' | 'admin') =>
    t.app.inject({ method: 'POST', url: '/api/v1/audit-logs/xlsx', headers: await t.as(who), payload: {} })

  it('answers a Spanish 429 past two exports of one user, and past the total for everyone', async () => {
    const held = [
      t.app.exportSlots.take('auditor@planillas.pe'),
      t.app.exportSlots.take('auditor@planillas.pe'),
    ]
    const refused = await exportAs('auditor')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().messages).toEqual([EXPORTS_BUSY_FOR_USER(2)])
    // Another user still has the process's third slot.
    expect((await exportAs('admin')).statusCode).toBe(200)
    held.push(t.app.exportSlots.take('admin@planillas.pe'))
    const full = await exportAs('admin')
    expect(full.statusCode).toBe(429)
    expect(full.json().messages).toEqual([EXPORTS_BUSY])
    for (const free of held) free()
    expect((await exportAs('auditor')).statusCode).toBe(200)
  })

  it('runs sixteen at once as at most two, the rest refused, and frees every slot when the files are sent', async () => {
    const slots = t.app.exportSlots
    const take = slots.take.bind(slots)
    let peak = 0
    slots.take = (user) => {
      const free = take(user)
      peak = Math.max(peak, slots.inUse)
      return free
    }
    const answers = await Promise.all(Array.from({ length: 16 }, () => exportAs('auditor')))
    slots.take = take
    const codes = answers.map((a) => a.statusCode)
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true)
    expect(peak).toBe(2)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1)
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(a.json().messages).toEqual([EXPORTS_BUSY_FOR_USER(2)])
    for (const a of answers.filter((x) => x.statusCode === 200))
      expect(a.rawPayload.subarray(0, 2).toString()).toBe('PK')
    expect(t.app.exportSlots.inUse).toBe(0)
    expect((await exportAs('auditor')).statusCode).toBe(200)
  })
})
