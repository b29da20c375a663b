import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'

/** Who an access token speaks for, and the session (refresh-token family) it belongs to. */
export type AuthUser = { id: number; email: string; name: string; roles: string[]; sessionId: number }

const ISSUER = 'planillas-api'

/** How many verified tokens a signer remembers (about a kilobyte each). */
export const VERIFIED_TOKENS = 1_000

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret)
  const verified = new Map<string, Verified>()
  return {
    async sign(user: AuthUser): Promise<string> {
      return new SignJWT({ email: user.email, name: user.name, roles: user.roles, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key)
    },
    /**
     * The user the token speaks for, or null when it is invalid, expired or names no session.
     * Checked with node:crypto's HMAC, synchronously (jose's Web Crypto verify cost the cheapest
     * lists several per cent of their pace): HS256 only, our issuer, `exp` in the future.
     */
    async verify(token: string): Promise<AuthUser | null> {
      return verifyRemembered(verified, token, key)
    },
  }
}

type Verified = { user: AuthUser; exp: number; nbf: number | undefined }

/**
 * A token's signature and claims never change: one verified earlier only has its times checked
 * again (every API call of a page carries the same token; the HMAC and two JSON parses were 5 %
 * of a list response's CPU). Revocation is the live-session check's, not this one's.
 * The oldest remembered token makes room for a new one.
 */
function verifyRemembered(verified: Map<string, Verified>, token: string, key: Uint8Array): AuthUser | null {
  const now = Math.floor(Date.now() / 1000)
  const known = verified.get(token)
  if (known) {
    if (known.exp <= now) {
      verified.delete(token)
      return null
    }
    return known.nbf !== undefined && known.nbf > now ? null : copyOf(known.user)
  }
  const checked = verifyHs256(token, key)
  if (!checked) return null
  if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string)
  verified.set(token, checked)
  return copyOf(checked.user)
}

const copyOf = (user: AuthUser): AuthUser => ({ ...user, roles: [...user.roles] })

/** Our own HS256 access tokens: signature, algorithm, issuer and expiry, as jose's jwtVerify checks them. */
function verifyHs256(token: string, key: Uint8Array): Verified | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [head, body, signature] = parts
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const header = parseJson(head)
  const payload = parseJson(body)
  if (!header || !payload || header.alg !== 'HS256' || header.crit !== undefined) return null
  const now = Math.floor(Date.now() / 1000)
  if (payload.iss !== ISSUER || typeof payload.exp !== 'number' || payload.exp <= now) return null
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null
  if (!Number.isSafeInteger(payload.sid) || typeof payload.sub !== 'string') return null
  const user = {
    sessionId: payload.sid as number,
    id: Number(payload.sub),
    email: String(payload.email),
    name: String(payload.name),
    roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
  }
  return { user, exp: payload.exp, nbf: payload.nbf as number | undefined }
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

export type TokenSigner = ReturnType<typeof createTokenSigner>

/** An opaque refresh token and the hash we keep of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')
