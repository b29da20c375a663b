import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { persistentSecret } from '@planillas/api/auth/secret'

/** The folder where `npm start` keeps what it makes on this machine (database, files, secrets). */
export const LOCAL_DATA_DIR = path.resolve(process.cwd(), '.data')
export const DEFAULT_PGLITE_DIR = path.join(LOCAL_DATA_DIR, 'pglite')

/**
 * Creates the parent folders of PGlite's data directory: PGlite makes only the last one itself,
 * so a fresh clone (no `.data`) or a nested PGLITE_DIR failed with ENOENT. `memory://` needs none.
 */
export function ensurePgliteParent(dataDir: string = DEFAULT_PGLITE_DIR): void {
  if (dataDir.includes('://')) return
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
}

/**
 * The web tier's cookie secret: SESSION_SECRET when set, else one generated once into
 * `<dataDir>/session-secret` (as the JWT secret), never the public development value. It is put
 * into the environment, where the Remix server code reads it when it loads.
 */
export function ensureSessionSecret(
  env: Record<string, string | undefined> = process.env,
  dataDir = LOCAL_DATA_DIR,
): string {
  const secret = persistentSecret('session-secret', env.SESSION_SECRET, dataDir)
  env.SESSION_SECRET = secret
  return secret
}
