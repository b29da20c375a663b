import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from './client'

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL is
 * set (dropped on close), else an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  const name = `planillas_test_${randomBytes(6).toString('hex')}`
  await adminQuery(url, `create database ${name}`)
  const testUrl = new URL(url)
  testUrl.pathname = `/${name}`
  const handle = await openDatabase({ url: testUrl.toString(), poolSize: 5 })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await adminQuery(url, `drop database if exists ${name} with (force)`)
    },
  }
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
