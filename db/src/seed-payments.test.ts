import { VOUCHER_STATUSES } from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { paymentVouchers, suppliers, voucherFiles } from './schema/index'
import { seedDemo } from './seed'

describe('supplier-payments demo data', () => {
  let handle: DatabaseHandle
  /** A file store in memory: what the seed wrote, by key. */
  const stored = new Map<string, Buffer>()
  const files = {
    put: async (body: Buffer) => {
      const key = `2026/11/${stored.size}.pdf`
      stored.set(key, body)
      return key
    },
    delete: async (key: string) => {
      stored.delete(key)
    },
  }
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('has suppliers and vouchers in every state, each with its PDF, registered and approved by different people', async () => {
    expect(await seedDemo(handle.db, files)).toContain('12 comprobantes de proveedores nuevos')
    expect(await seedDemo(handle.db, files)).toBeUndefined()
    const vouchers = await handle.db.select().from(paymentVouchers)
    expect(new Set(vouchers.map((v) => v.status))).toEqual(new Set(VOUCHER_STATUSES))
    const pdfs = await handle.db.select().from(voucherFiles).where(eq(voucherFiles.kind, 'pdf'))
    expect(pdfs).toHaveLength(vouchers.length)
    for (const pdf of pdfs) expect(stored.get(pdf.storageKey)?.subarray(0, 5).toString()).toBe('%PDF-')
    for (const v of vouchers.filter((v) => v.approvedBy)) expect(v.approvedBy).not.toBe(v.createdBy)
    const approved = vouchers.find((v) => v.spotCode === '037')
    expect(approved?.detractionCents).toBe(14_200)
    const freed = vouchers.find((v) => v.freedByCreditNoteId !== null)
    expect(freed?.status).toBe(5)
    expect(vouchers.some((v) => v.retentionCents > 0)).toBe(true)
    expect((await handle.db.select().from(suppliers)).some((s) => s.status === 2)).toBe(true)
  })
})
