import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'

/** Who an access token speaks for, and the session (refresh-token family) it belongs to. */
export type AuthUser = { id: number; email: string; name: string; roles: string[]; sessionId: number }

const ISSUER = 'planillas-api'

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret)
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
     * lists several per cent of their pace, issue 12): HS256 only, our issuer, `exp` in the future.
     */
    async verify(token: string): Promise<AuthUser | null> {
      return verifyHs256(token, key)
    },
  }
}

/** Our own HS256 access tokens: signature, algorithm, issuer and expiry, as jose's jwtVerify checks them. */
function verifyHs256(token: string, key: Uint8Array): AuthUser | null {
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
  return {
    sessionId: payload.sid as number,
    id: Number(payload.sub),
    email: String(payload.email),
    name: String(payload.name),
    roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
  }
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
