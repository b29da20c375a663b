import { authSessions, type Executor, refreshTokens } from '@planillas/db'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { liveSessionCacheOf, SESSION_REVOKED_CHANNEL } from './live-sessions'

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
 * Whether a session still grants access to `userId`, on every API call: a session is its user's
 * alone, so a token naming a live session of someone else (forged with a leaked secret, or a
 * session id guessed) is refused. On PostgreSQL a session seen live is
 * remembered by this process (`live-sessions.ts`) until a revocation is announced (LISTEN/NOTIFY,
 * see `revokeSession`) or this process revokes one itself (`forgetLiveSessions` after the commit),
 * so a logout or a detected theft still ends the access tokens already issued at once; PGlite reads
 * the row every time.
 */
export async function sessionIsLive(db: Executor, sessionId: number, userId: number): Promise<boolean> {
  const cache = liveSessionCacheOf(db)
  if (cache?.has(sessionId, userId)) return true
  const filling = cache?.startFill()
  const [row] = await db
    .select({ revokedAt: authSessions.revokedAt, userId: authSessions.userId })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
  const live = !!row && !row.revokedAt
  if (live && cache && filling != null) cache.fill(sessionId, row.userId, filling)
  return live && row.userId === userId
}

/**
 * After a transaction that revoked sessions has committed: this process stops trusting every
 * session it remembered as live at once (the NOTIFY does the same for the other processes, and
 * for this one a moment later).
 */
export function forgetLiveSessions(db: Executor): void {
  liveSessionCacheOf(db)?.forget()
}

/** Tells every API process (LISTEN) that sessions were revoked, when the transaction commits. */
const announceRevocation = (tx: Executor) => tx.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, '')`)

/** Ends a session and every refresh token of its family. */
export async function revokeSession(tx: Executor, sessionId: number): Promise<void> {
  await announceRevocation(tx)
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
  await announceRevocation(tx)
  await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}
