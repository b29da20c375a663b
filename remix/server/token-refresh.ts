import type { NextFunction, Request, Response } from 'express'
import { type ApiPool, createApiPool } from '../app/api-pool.server'
import { clientAddressHeaders } from '../app/client-address.server'
import {
  decodeAccessToken,
  readTokens,
  SESSION_COOKIE,
  sessionStorage,
  storeTokens,
} from '../app/session.server'
import { memoByString } from '../app/utils/memo'

/** Refresh when the access token has less than this left, so a page never starts with a dying token. */
const REFRESH_MARGIN_MS = 60_000

type Tokens = { accessToken: string; refreshToken: string }

/** New tokens; null when the API refused the refresh token; undefined when the API could not answer. */
async function refresh(
  api: ApiPool,
  refreshToken: string,
  client: string | undefined,
  clientAddressSecret: string | undefined,
): Promise<Tokens | null | undefined> {
  try {
    // A write: it goes to another API only when it never reached the first (the pool's rule).
    const response = await api.run('POST', (baseUrl) =>
      fetch(`${baseUrl}/api/v1/auth/refresh-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...clientAddressHeaders(client, clientAddressSecret) },
        body: JSON.stringify({ refreshToken }),
      }),
    )
    if (response.status === 400 || response.status === 401) return null
    if (!response.ok) return undefined
    return ((await response.json()) as { payload: Tokens }).payload
  } catch {
    return undefined
  }
}

/** The Cookie header with one cookie's value replaced (or added). */
export function replaceCookie(header: string, name: string, pair: string): string {
  const others = header.split(/;\s*/).filter((part) => part && !part.startsWith(`${name}=`))
  return [...others, pair].join('; ')
}

/**
 * The access token's expiry (ms) in a session cookie's value, null without tokens. It depends on the
 * value alone (signed and sealed with the server's secret), so each value is read once rather than on
 * every request: unsigning, decoding and opening it cost about 0.1 ms.
 */
const expiryOfValue = memoByString(async (value: string): Promise<number | null> => {
  const tokens = readTokens(await sessionStorage.getSession(`${SESSION_COOKIE}=${value}`))
  return tokens ? (decodeAccessToken(tokens.accessToken)?.exp ?? 0) * 1000 : null
})
const SESSION_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`)
const expiryOf = (cookie: string) => expiryOfValue(SESSION_VALUE.exec(cookie)?.[1] ?? '')

/**
 * Express middleware: when the session's access token expires within a minute, rotate it with the
 * API's refresh token before Remix runs. The new cookie goes to the browser, and the request's own
 * Cookie header is rewritten so the loaders of this very request already see the fresh token.
 * A refused refresh clears the tokens (the page then sends the user to /login). With the shared
 * CLIENT_ADDRESS_SECRET the API learns the browser's address, as with every other call.
 */
export function tokenRefresh(apiUrl: string, clientAddressSecret?: string) {
  // One address or several separated by commas (API_URL), as every other call of the web tier.
  const api = createApiPool(
    apiUrl
      .split(',')
      .map((one) => one.trim())
      .filter(Boolean),
  )
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const cookie = req.headers.cookie
      if (!cookie?.includes(`${SESSION_COOKIE}=`)) return next()
      const expiry = await expiryOf(cookie)
      if (expiry === null || expiry - Date.now() > REFRESH_MARGIN_MS) return next()
      const session = await sessionStorage.getSession(cookie)
      const tokens = readTokens(session)
      if (!tokens) return next()
      const fresh = await refresh(
        api,
        tokens.refreshToken,
        req.ip ?? req.socket.remoteAddress,
        clientAddressSecret,
      )
      if (fresh === undefined) return next()
      if (fresh) storeTokens(session, fresh)
      else session.unset('tokens')
      const setCookie = await sessionStorage.commitSession(session)
      res.append('Set-Cookie', setCookie)
      req.headers.cookie = replaceCookie(cookie, SESSION_COOKIE, setCookie.split(';')[0])
      next()
    } catch (error) {
      next(error)
    }
  }
}
