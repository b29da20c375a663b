import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'

/**
 * The headers that tell the API the browser's address (the sign-in throttle keys on it), with the
 * secret that makes the API believe them; none without a configured secret (CLIENT_ADDRESS_SECRET)
 * or an address.
 */
export function clientAddressHeaders(
  address: string | null | undefined,
  secret: string | undefined,
): Record<string, string> {
  if (!secret || !address) return {}
  return { [CLIENT_ADDRESS_HEADER]: address, [WEB_TIER_SECRET_HEADER]: secret }
}
