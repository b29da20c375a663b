import { randomBytes } from 'node:crypto'
import { openDatabase } from '@planillas/db'
import { adminQuery, TEMPLATE_DATABASE_ENV } from './database'

/**
 * Vitest's global setup (vitest.config.ts): with DATABASE_URL set, migrates one database with the
 * reference data once per run, and every test file's `openTestDatabase` clones it
 * (`CREATE DATABASE … TEMPLATE`, a file copy) instead of running every migration again. The
 * template is dropped when the run ends. Without DATABASE_URL (PGlite) it does nothing.
 */
export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL
  if (!url || process.env[TEMPLATE_DATABASE_ENV]) return undefined
  const name = `planillas_template_${randomBytes(6).toString('hex')}`
  await adminQuery(url, `create database ${name}`)
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${name}`
  try {
    // A template must have no open connection when it is copied: closed before any test starts.
    const handle = await openDatabase({ url: templateUrl.toString(), poolSize: 2 })
    await handle.close()
  } catch (error) {
    await adminQuery(url, `drop database if exists ${name} with (force)`)
    throw error
  }
  // The test files' processes are started after this, with this process's environment.
  process.env[TEMPLATE_DATABASE_ENV] = name
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV]
    await adminQuery(url, `drop database if exists ${name} with (force)`)
  }
}
