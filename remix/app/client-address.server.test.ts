import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'
import { afterEach, describe, expect, it } from 'vitest'
import { clientAddressHeaders } from './client-address.server'

describe("the browser's address for the API", () => {
  afterEach(() => {
    delete process.env.CLIENT_ADDRESS_SECRET
  })

  it('goes with the shared secret, and not at all without one', () => {
    expect(clientAddressHeaders('203.0.113.7')).toEqual({})
    process.env.CLIENT_ADDRESS_SECRET = 'compartido'
    expect(clientAddressHeaders('203.0.113.7')).toEqual({
      [CLIENT_ADDRESS_HEADER]: '203.0.113.7',
      [WEB_TIER_SECRET_HEADER]: 'compartido',
    })
    expect(clientAddressHeaders(null)).toEqual({})
  })
})
