import { randomBytes } from 'node:crypto'
import { authSessions, type DatabaseHandle, type Executor, openDatabase, users } from '@planillas/db'
import { SignJWT } from 'jose'
import pg from 'pg'

/**
 * The migrated database a test run's files copy (database-template.ts, vitest's global setup);
 * unset, each test database is migrated on its own.
 */
export const TEMPLATE_DATABASE_ENV = 'TEST_TEMPLATE_DATABASE'

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL is
 * set (dropped on close; a copy of the run's migrated template when there is one), else an
 * in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  const name = `planillas_test_${randomBytes(6).toString('hex')}`
  const template = process.env[TEMPLATE_DATABASE_ENV]
  await adminQuery(url, template ? `create database ${name} template ${template}` : `create database ${name}`)
  const testUrl = new URL(url)
  testUrl.pathname = `/${name}`
  // TEST_POOLER_URL (the PgBouncer test): the app's pool goes through the pooler, what needs a
  // session of its own (LISTEN, named statements, advisory locks) straight to PostgreSQL.
  const pooler = process.env.TEST_POOLER_URL
  const poolerUrl = pooler ? new URL(pooler) : null
  if (poolerUrl) poolerUrl.pathname = `/${name}`
  const handle = await openDatabase({
    url: (poolerUrl ?? testUrl).toString(),
    directUrl: poolerUrl ? testUrl.toString() : undefined,
    poolSize: 5,
    // The template is migrated and holds the reference data already.
    migrate: !template,
  })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await adminQuery(url, `drop database if exists ${name} with (force)`)
    },
  }
}

/** One statement on a connection of its own (create or drop a database, ask the catalogue): its rows. */
export async function adminQuery<Row extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  text: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text)).rows
  } finally {
    await client.end()
  }
}

/**
 * An access token for a process test that talks to a real API process (API and worker tests alike):
 * a user row and a live session behind it, since the API refuses a token whose session it does not
 * know. Signed as the API signs its own (api/src/auth/tokens.ts; its test checks that the API
 * accepts this one), for `secret`, valid 15 minutes.
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
  const [session] = await db
    .insert(authSessions)
    .values({ userId: row.id, createdBy: user.email })
    .returning({ id: authSessions.id })
  return new SignJWT({ email: user.email, name: user.name, roles: user.roles, sid: session.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(row.id))
    .setIssuer('planillas-api')
    .setIssuedAt()
    .setExpirationTime('900s')
    .sign(new TextEncoder().encode(secret))
}
