import { createHash, randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

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
    /** The user the token speaks for, or null when it is invalid, expired or names no session. */
    async verify(token: string): Promise<AuthUser | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] })
        if (!Number.isSafeInteger(payload.sid)) return null
        return {
          sessionId: payload.sid as number,
          id: Number(payload.sub),
          email: String(payload.email),
          name: String(payload.name),
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        }
      } catch {
        return null
      }
    },
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>

/** An opaque refresh token and the hash we keep of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')
