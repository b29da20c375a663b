import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const DEFAULT_DATA_DIR = () => path.resolve(process.cwd(), '.data')

/**
 * The JWT secret: JWT_SECRET when set; else one generated once and kept in `<dataDir>/jwt-secret`,
 * so that restarting the embedded default does not sign everyone out. Called where a process
 * starts (server.ts, scripts/start.ts), never by tests.
 */
export function persistentJwtSecret(dataDir = DEFAULT_DATA_DIR()): string {
  return persistentSecret('jwt-secret', process.env.JWT_SECRET, dataDir)
}

/**
 * The secret the web tier and the API share to pass the browser's address (client-address.ts):
 * CLIENT_ADDRESS_SECRET, else one generated once into `<dataDir>/client-address-secret`, which
 * both read when they run on one machine. Put into the environment for the web tier.
 */
export function persistentClientAddressSecret(dataDir = DEFAULT_DATA_DIR()): string {
  const secret = persistentSecret('client-address-secret', process.env.CLIENT_ADDRESS_SECRET, dataDir)
  process.env.CLIENT_ADDRESS_SECRET = secret
  return secret
}

/**
 * A secret given by the environment (`configured`), else one generated once into `<dataDir>/<name>`
 * (mode 600) and read back on every later start.
 */
export function persistentSecret(name: string, configured: string | undefined, dataDir = DEFAULT_DATA_DIR()) {
  if (configured) return configured
  const file = path.join(dataDir, name)
  const existing = readSecret(file)
  if (existing) return existing
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    // Another process started at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const created = readSecret(file)
  if (!created) throw new Error(`No se pudo leer el secreto de ${file}`)
  return created
}

function readSecret(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null
  } catch {
    return null
  }
}
