import { openTestDatabase } from '@planillas/testing/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { companyBankAccounts } from './schema/index'
import { seedDemo } from './seed'

describe('demo company accounts', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('seeds a BCP debit account in soles for the first company, once', async () => {
    expect(await seedDemo(handle.db)).toContain('1 cuenta de empresa nueva')
    expect(await seedDemo(handle.db)).toBeUndefined()
    const rows = await handle.db.select().from(companyBankAccounts)
    expect(rows).toEqual([
      expect.objectContaining({
        bankCode: '002',
        currency: 'PEN',
        accountType: 'C',
        account: '1910123456078',
      }),
    ])
  })
})
