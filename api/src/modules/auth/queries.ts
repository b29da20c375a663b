import { type Database, type Executor, recordAudit, refreshTokens, users } from '@planillas/db'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Identity } from '../../auth/oidc'
import { hashRefreshToken, newRefreshToken, type TokenSigner } from '../../auth/tokens'

export type TokenPair = { accessToken: string; refreshToken: string }
type Deps = { tokens: TokenSigner; refreshTokenTtlDays: number }
type UserRow = { id: number; email: string; name: string }

/** A rotated token presented again within this window is a parallel request, not a theft. */
export const REUSE_GRACE_MS = 30_000

async function issuePair(tx: Executor, deps: Deps, user: UserRow, roles: string[]) {
  const refresh = newRefreshToken()
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      userId: user.id,
      tokenHash: refresh.hash,
      roles,
      expiresAt: new Date(Date.now() + deps.refreshTokenTtlDays * 86_400_000),
      createdBy: user.email,
    })
    .returning({ id: refreshTokens.id })
  const accessToken = await deps.tokens.sign({ id: user.id, email: user.email, name: user.name, roles })
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
    return (await issuePair(tx, deps, user, user.roles)).pair
  })
}

export type RotationResult = { kind: 'ok'; pair: TokenPair } | { kind: 'invalid' } | { kind: 'theft' }

/**
 * Rotates a refresh token: the old one is revoked and points at its replacement; the roles granted
 * at sign-in carry over. A token rotated less than REUSE_GRACE_MS ago gets another fresh pair
 * (parallel requests); presented later, it was stolen, and every token of its user is revoked.
 */
export async function rotate(db: Database, deps: Deps, token: string): Promise<RotationResult> {
  return db.transaction(async (tx): Promise<RotationResult> => {
    const [row] = await tx
      .select({ token: refreshTokens, user: { id: users.id, email: users.email, name: users.name } })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update', { of: refreshTokens })
    if (!row || row.token.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' }
    const { token: current, user } = row
    if (!current.revokedAt) {
      const next = await issuePair(tx, deps, user, current.roles)
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
      return { kind: 'ok', pair: (await issuePair(tx, deps, user, current.roles)).pair }
    }
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
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

/** Revokes a refresh token (logout); unknown or already revoked tokens are left as they are. */
export async function revoke(db: Database, token: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length > 0
}
