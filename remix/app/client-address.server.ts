import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'

/**
 * The headers that tell the API the browser's address (the sign-in throttle keys on it), with the
 * secret that makes the API believe them; none without a configured secret or an address.
 */
export function clientAddressHeaders(address: string | null | undefined): Record<string, string> {
  const secret = process.env.CLIENT_ADDRESS_SECRET
  if (!secret || !address) return {}
  return { [CLIENT_ADDRESS_HEADER]: address, [WEB_TIER_SECRET_HEADER]: secret }
}
