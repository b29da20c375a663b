import { isPeruvianMobile, isValidCci, isValidDni } from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { employees } from './schema/index'
import { seedDemo } from './seed'

describe('demo employees', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('seeds three dozen valid employees once', async () => {
    expect(await seedDemo(handle.db)).toContain('36 colaboradores nuevos')
    expect(await seedDemo(handle.db)).toBeUndefined()
    const rows = await handle.db.select().from(employees).orderBy(employees.id)
    expect(rows).toHaveLength(36)
    for (const e of rows) {
      if (e.identifierType === 1) expect(isValidDni(e.identifier), e.identifier).toBe(true)
      expect(isValidCci(e.bankInterAccount ?? ''), e.bankInterAccount ?? '').toBe(true)
      expect(e.bankInterAccount?.slice(0, 3)).toBe(e.bankId)
      expect(isPeruvianMobile(e.personalPhone ?? '')).toBe(true)
      expect(e.companyId && e.areaId && e.positionId).toBeTruthy()
    }
    expect(rows[0].code).toBe('COL-000001')
  })
})
