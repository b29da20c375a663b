import { type Executor, users } from '@planillas/db'
import { openSession } from './sessions'
import { createTokenSigner } from './tokens'

/**
 * An access token for a process test that talks to a real API process: a user row and a live
 * session behind it, since the API refuses a token whose session it does not know.
 */
export async function signedInToken(
  db: Executor,
  secret: string,
  user: { email: string; name: string; roles: string[] },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoUpdate({ target: users.email, set: { roles: user.roles } })
    .returning()
  const sessionId = await openSession(db, row.id, user.email)
  return createTokenSigner(secret, 900).sign({ id: row.id, ...user, sessionId })
}
