import { DEMO_ROLES, SEARCH_TOO_LONG } from '@planillas/domain'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { searchDistricts } from '~/districts.server'
import { loader } from '~/routes/referencia.distritos'
import { signedInCookie } from '~/session-cookie.test-support'
import { routeArgs } from '~/utils/route-args'

/** The API calls received (their search), answering as the API does: more than 100 characters is a 400. */
let searches: string[] = []
vi.mock('~/api-transport.server', () => ({
  exchange: async (url: string) => {
    const search = new URL(url).searchParams.get('search') ?? ''
    searches.push(search)
    if (search.length > 100)
      return {
        status: 400,
        text: JSON.stringify({ status: 'ERROR', payload: null, messages: [SEARCH_TOO_LONG] }),
      }
    const payload = [{ id: '150122', description: 'MIRAFLORES — LIMA / LIMA' }]
    return { status: 200, text: JSON.stringify({ status: 'OK', payload, messages: [] }) }
  },
}))

const rosa = { email: 'rrhh@planillas.pe', name: 'Rosa', roles: DEMO_ROLES.rrhh }

const requestFor = async (search: string) =>
  new Request(`http://web.test/referencia/distritos?search=${encodeURIComponent(search)}`, {
    headers: { cookie: await signedInCookie(rosa) },
  })

beforeEach(() => {
  searches = []
})

describe('the district look-up (a 5,000-character search was a 500)', () => {
  it('answers a search longer than the API takes with a Spanish 400, without asking the API', async () => {
    const refused = await loader(routeArgs(await requestFor('a'.repeat(5000)))).catch((thrown) => thrown)
    expect(refused).toBeInstanceOf(Response)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ messages: [SEARCH_TOO_LONG] })
    expect(searches).toEqual([])
  })

  it('finds districts for a normal search, and none (no API call) for an over-long one in the form step', async () => {
    const found = await loader(routeArgs(await requestFor('Miraflores')))
    expect(found).toEqual([{ value: '150122', label: 'MIRAFLORES — LIMA / LIMA' }])
    expect(await searchDistricts(await requestFor('x'), 'lima '.repeat(1000))).toEqual([])
    expect(searches).toEqual(['Miraflores'])
  })
})
