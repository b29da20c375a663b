import { authSessions, type Executor, refreshTokens } from '@planillas/db'
import { and, eq, isNull, sql } from 'drizzle-orm'

/**
 * Opens a session (a sign-in) for a user; its id goes into every access token of the family. The
 * provider's ID token is kept for its logout (`id_token_hint`).
 */
export async function openSession(
  tx: Executor,
  userId: number,
  createdBy: string,
  idToken?: string,
): Promise<number> {
  const [row] = await tx
    .insert(authSessions)
    .values({ userId, createdBy, idToken })
    .returning({ id: authSessions.id })
  return row.id
}

/**
 * Whether a session still grants access: one primary-key read on every API call, no cache, so a
 * logout or a detected theft ends the access tokens already issued at once.
 */
export async function sessionIsLive(db: Executor, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
  return !!row && !row.revokedAt
}

/** Ends a session and every refresh token of its family. */
export async function revokeSession(tx: Executor, sessionId: number): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)))
}

/** Ends every session and refresh token of a user (a stolen refresh token was presented). */
export async function revokeUserSessions(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}
