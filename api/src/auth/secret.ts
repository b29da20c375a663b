import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The JWT secret: JWT_SECRET when set; else one generated once and kept in `<dataDir>/jwt-secret`,
 * so that restarting the embedded default does not sign everyone out. Called where a process
 * starts (server.ts, scripts/start.ts), never by tests.
 */
export function persistentJwtSecret(dataDir = path.resolve(process.cwd(), '.data')): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET
  const file = path.join(dataDir, 'jwt-secret')
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
