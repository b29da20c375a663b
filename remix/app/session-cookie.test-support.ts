import { DEMO_ROLES } from '@planillas/domain'
import { sessionStorage, storeTokens } from './session.server'

/** Who an access token names: its claims, the only part of the token the web tier reads. */
export type TokenClaims = { email: string; name?: string; roles: readonly string[] }

/** An access token for `claims` expiring `seconds` from now; its signature is never checked here. */
export const accessTokenFor = (claims: TokenClaims, seconds = 900) =>
  `e30.${Buffer.from(
    JSON.stringify({ ...claims, roles: [...claims.roles], exp: Math.floor(Date.now() / 1000) + seconds }),
  ).toString('base64url')}.firma`

/** The cookie (`name=value`, as a browser sends it back) of a web session holding `accessToken`. */
export async function sessionCookieWith(accessToken: string): Promise<string> {
  const session = await sessionStorage.getSession()
  storeTokens(session, { accessToken, refreshToken: 'r' })
  return (await sessionStorage.commitSession(session)).split(';')[0]
}

/** The cookie of a session signed in for `claims`, the administrator unless told. */
export const signedInCookie = (
  claims: TokenClaims = { email: 'admin@planillas.pe', name: 'Admin', roles: DEMO_ROLES.admin },
) => sessionCookieWith(accessTokenFor(claims))
