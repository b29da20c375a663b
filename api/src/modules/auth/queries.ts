import { authSessions, type Database, type Executor, recordAudit, refreshTokens, users } from '@planillas/db'
import { and, eq, isNull } from 'drizzle-orm'
import type { Identity } from '../../auth/oidc'
import { forgetLiveSessions, openSession, revokeSession, revokeUserSessions } from '../../auth/sessions'
import { hashRefreshToken, newRefreshToken, type TokenSigner } from '../../auth/tokens'

export type TokenPair = { accessToken: string; refreshToken: string }
type Deps = { tokens: TokenSigner; refreshTokenTtlDays: number }
type UserRow = { id: number; email: string; name: string; roles: string[] }

/** A rotated token presented again within this window is a parallel request, not a theft. */
export const REUSE_GRACE_MS = 30_000

/** A new pair of the session, with the user's roles as they are now. */
async function issuePair(tx: Executor, deps: Deps, user: UserRow, sessionId: number) {
  const refresh = newRefreshToken()
  const { roles } = user
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      userId: user.id,
      sessionId,
      tokenHash: refresh.hash,
      roles,
      expiresAt: new Date(Date.now() + deps.refreshTokenTtlDays * 86_400_000),
      createdBy: user.email,
    })
    .returning({ id: refreshTokens.id })
  const accessToken = await deps.tokens.sign({
    id: user.id,
    email: user.email,
    name: user.name,
    roles,
    sessionId,
  })
  return { id: row.id, pair: { accessToken, refreshToken: refresh.token } }
}

/**
 * Signs a verified identity in: upserts the user, records the LOGIN and issues the first pair, in
 * one transaction. Roles come from the provider's claim when it sent one, else from the user's row.
 */
export async function signIn(db: Database, deps: Deps, identity: Identity): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const [user] = await tx
      .insert(users)
      .values({
        email: identity.email,
        name: identity.name,
        subject: identity.subject,
        roles: identity.roles ?? [],
        lastLoginAt: now,
        createdBy: identity.email,
      })
      .onConflictDoUpdate({
        target: users.email,
        set: {
          name: identity.name,
          subject: identity.subject,
          lastLoginAt: now,
          ...(identity.roles ? { roles: identity.roles } : {}),
        },
      })
      .returning()
    await recordAudit(tx, {
      action: 'LOGIN',
      entity: 'users',
      entityId: user.id,
      actor: user.email,
      description: `Inicio de sesión de ${user.name} (${user.email})`,
    })
    const sessionId = await openSession(tx, user.id, user.email, identity.idToken)
    return (await issuePair(tx, deps, user, sessionId)).pair
  })
}

export type RotationResult = { kind: 'ok'; pair: TokenPair } | { kind: 'invalid' } | { kind: 'theft' }

/**
 * Rotates a refresh token: the old one is revoked and points at its replacement; the new access
 * token carries the user's roles as they are now (the row holds the provider's claim of the last
 * sign-in, or what an administrator set), so removing a role takes effect at the next refresh.
 * A token rotated less than REUSE_GRACE_MS ago gets another fresh pair (parallel requests);
 * presented later, it was stolen, and every session and token of its user is revoked. A token of a
 * session that was closed (logout) is just invalid.
 */
export async function rotate(db: Database, deps: Deps, token: string): Promise<RotationResult> {
  const result = await rotateIn(db, deps, token)
  // Committed: this process stops trusting the sessions it remembered at once.
  if (result.kind === 'theft') forgetLiveSessions(db)
  return result
}

function rotateIn(db: Database, deps: Deps, token: string): Promise<RotationResult> {
  return db.transaction(async (tx): Promise<RotationResult> => {
    const [row] = await tx
      .select({
        token: refreshTokens,
        user: { id: users.id, email: users.email, name: users.name, roles: users.roles },
        sessionRevokedAt: authSessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .leftJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update', { of: refreshTokens })
    if (!row || row.token.expiresAt.getTime() <= Date.now() || row.sessionRevokedAt)
      return { kind: 'invalid' }
    const { token: current, user } = row
    // A token from before sessions existed starts one now.
    const sessionId = current.sessionId ?? (await openSession(tx, user.id, user.email))
    if (!current.revokedAt) {
      const next = await issuePair(tx, deps, user, sessionId)
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(), replacedById: next.id })
        .where(eq(refreshTokens.id, current.id))
      return { kind: 'ok', pair: next.pair }
    }
    if (!current.replacedById) return { kind: 'invalid' }
    if (
      Date.now() - current.revokedAt.getTime() <= REUSE_GRACE_MS &&
      (await replacementAlive(tx, current.replacedById))
    ) {
      return { kind: 'ok', pair: (await issuePair(tx, deps, user, sessionId)).pair }
    }
    await revokeUserSessions(tx, user.id)
    return { kind: 'theft' }
  })
}

/** The replacement was rotated in turn or is still valid; not revoked by a logout or a theft. */
async function replacementAlive(tx: Executor, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ revokedAt: refreshTokens.revokedAt, replacedById: refreshTokens.replacedById })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id))
  return !!row && (!row.revokedAt || row.replacedById !== null)
}

/**
 * Logout: ends the session of the refresh token (any token of its family will do: the web tier
 * may hold one a parallel request just rotated) and so every refresh and access token issued in
 * it, at once. Answers the provider's ID token of that sign-in, the hint of the provider's own
 * logout; null for an unknown token (which changes nothing) or a sign-in without one.
 */
export async function revoke(db: Database, token: string): Promise<{ idTokenHint: string | null }> {
  const answer = await revokeIn(db, token)
  // Committed: this process stops trusting the sessions it remembered at once.
  forgetLiveSessions(db)
  return answer
}

function revokeIn(db: Database, token: string): Promise<{ idTokenHint: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: refreshTokens.id, sessionId: refreshTokens.sessionId, idToken: authSessions.idToken })
      .from(refreshTokens)
      .leftJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    if (!row) return { idTokenHint: null }
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
    if (row.sessionId) await revokeSession(tx, row.sessionId)
    return { idTokenHint: row.idToken ?? null }
  })
}
