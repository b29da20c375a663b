import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { requiredRef, timestamps } from './columns'

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** OpenID subject at the provider that signed this user in. */
  subject: text('subject'),
  /** Permission codes, used when the provider sends no `roles` claim. */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  ...timestamps,
})

/**
 * A sign-in and everything rotated from it (one refresh-token family). Every access token names its
 * session, and the API looks it up by primary key on each call: revoking it (logout, a stolen
 * refresh token) ends the access tokens already handed out at once, not when they expire.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The provider's ID token of this sign-in: the `id_token_hint` of the provider's logout. Kept
     * here, not in the session cookie, which with it would pass browsers' 4 KB limit.
     */
    idToken: text('id_token'),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** The session (family) the token belongs to; null only for tokens issued before sessions existed. */
    sessionId: integer('session_id').references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The roles of the access token issued with it (rotation re-reads them from the user). */
    roles: text('roles').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set when the token was revoked by rotation (the token that replaced it). A rotated token
     * presented again within a few seconds is a parallel request; later, it is a stolen token.
     */
    replacedById: integer('replaced_by_id'),
    ...timestamps,
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
)
