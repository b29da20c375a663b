import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'

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

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The roles granted at sign-in, carried over on rotation. */
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
