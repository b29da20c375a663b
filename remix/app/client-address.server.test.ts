import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { clientAddressHeaders } from './client-address.server'

describe("the browser's address for the API", () => {
  it('goes with the shared secret, and not at all without one', () => {
    expect(clientAddressHeaders('203.0.113.7', undefined)).toEqual({})
    expect(clientAddressHeaders('203.0.113.7', 'compartido')).toEqual({
      [CLIENT_ADDRESS_HEADER]: '203.0.113.7',
      [WEB_TIER_SECRET_HEADER]: 'compartido',
    })
    expect(clientAddressHeaders(null, 'compartido')).toEqual({})
  })
})
