import { rucCheckDigit } from '@planillas/domain'
import { createSupplier, paymentFixturesPerFile } from '@planillas/testing/api/payments'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

/**
 * The supplier, company and catalogue searches fold accents and case as the employee search does
 * (`foldedLike`, `fold_search`): 'oscar' finds 'Óscar', 'nandu' 'Ñandú', 'AVILA' 'Ávila'.
 */
const { t } = paymentFixturesPerFile()

const names = async (url: string, search: string) =>
  (
    await t.call('admin', { method: 'POST', url: `${url}?size=50`, payload: { search } })
  ).body.payload.content.map((r: { name?: string; description?: string }) => r.name ?? r.description)

describe('searches folded like the employee search', () => {
  it('finds suppliers by name whatever their accents and case: Ó, Ñ, Á', async () => {
    await createSupplier(t, { name: 'Óscar Ñandú Ávila S.A.C.' })
    await createSupplier(t, { name: 'Oscar Nandu Avila E.I.R.L.' })
    for (const search of ['oscar', 'ÓSCAR', 'ñandu', 'nandú', 'avila', 'Ávila'])
      expect((await names('/api/v1/suppliers/list', search)).sort()).toEqual([
        'Oscar Nandu Avila E.I.R.L.',
        'Óscar Ñandú Ávila S.A.C.',
      ])
    // A wildcard typed is a character, not a wildcard.
    expect(await names('/api/v1/suppliers/list', 'osc%ila')).toEqual([])
  })

  it('finds companies by name and catalogue entries by description the same way', async () => {
    const ruc = `2061234567${rucCheckDigit('2061234567')}`
    const created = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: { ruc, name: 'Compañía Ánimas del Perú S.A.', address: 'Av. Arequipa 100, Lima' },
    })
    expect(created.status).toBe(200)
    expect(await names('/api/v1/companies/list', 'compania animas')).toEqual([
      'Compañía Ánimas del Perú S.A.',
    ])
    expect(await names('/api/v1/companies/list', 'ANIMAS DEL PERU')).toEqual([
      'Compañía Ánimas del Perú S.A.',
    ])
    const area = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/areas',
      payload: { description: 'Logística y Óptica Ñaña' },
    })
    expect(area.status).toBe(200)
    expect(await names('/api/v1/areas/list', 'optica nana')).toEqual(['Logística y Óptica Ñaña'])
    expect(await names('/api/v1/areas/list', 'LOGISTICA')).toEqual(['Logística y Óptica Ñaña'])
  })

  it('is answered by the trigram index on the folded name', async () => {
    const plan = await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(
        sql`explain select id from suppliers where fold_search(name) like search_pattern('oscar')`,
      )
      return JSON.stringify(result)
    })
    expect(plan).toContain('suppliers_name_fold_trgm_idx')
    const companies = await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(
        sql`explain select id from companies where fold_search(name) like search_pattern('animas')`,
      )
      return JSON.stringify(result)
    })
    expect(companies).toContain('companies_name_fold_trgm_idx')
  })
})
