import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { VOUCHER_STATUSES } from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { paymentVouchers, suppliers, voucherFiles } from './schema/index'
import { seedDemo } from './seed'
import { openTestDatabase } from './testing'

describe('supplier-payments demo data', () => {
  let handle: DatabaseHandle
  let filesDir: string
  const previous = process.env.FILES_DIR
  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-seed-files-'))
    process.env.FILES_DIR = filesDir
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle.close()
    if (previous === undefined) delete process.env.FILES_DIR
    else process.env.FILES_DIR = previous
    await rm(filesDir, { recursive: true, force: true })
  })

  it('has suppliers and vouchers in every state, each with its PDF, registered and approved by different people', async () => {
    expect(await seedDemo(handle.db)).toContain('comprobantes de proveedores: 12 nuevos')
    expect(await seedDemo(handle.db)).toContain('comprobantes de proveedores: 0 nuevos')
    const vouchers = await handle.db.select().from(paymentVouchers)
    expect(new Set(vouchers.map((v) => v.status))).toEqual(new Set(VOUCHER_STATUSES))
    const files = await handle.db.select().from(voucherFiles).where(eq(voucherFiles.kind, 'pdf'))
    expect(files).toHaveLength(vouchers.length)
    for (const v of vouchers.filter((v) => v.approvedBy)) expect(v.approvedBy).not.toBe(v.createdBy)
    const approved = vouchers.find((v) => v.spotCode === '037')
    expect(approved?.detractionCents).toBe(14_200)
    const freed = vouchers.find((v) => v.freedByCreditNoteId !== null)
    expect(freed?.status).toBe(5)
    expect(vouchers.some((v) => v.retentionCents > 0)).toBe(true)
    expect((await handle.db.select().from(suppliers)).some((s) => s.status === 2)).toBe(true)
  })
})
