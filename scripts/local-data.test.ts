import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '@planillas/db'
import { afterEach, describe, expect, it } from 'vitest'
import { ensurePgliteParent, ensureSessionSecret } from './local-data'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-data-'))
  dirs.push(dir)
  return dir
}

describe('ensurePgliteParent', () => {
  it('lets PGlite open a data directory whose parent folders do not exist yet (a fresh clone)', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(freshDir(), '.data', 'pglite')
    ensurePgliteParent(dataDir)
    const handle = await openDatabase({ dataDir, migrate: false })
    try {
      expect(existsSync(dataDir)).toBe(true)
    } finally {
      await handle.close()
    }
  })

  it('creates nothing for an in-memory database', () => {
    expect(() => ensurePgliteParent('memory://')).not.toThrow()
  })
})

describe('ensureSessionSecret', () => {
  it('generates the cookie secret once into the data folder and puts it into the environment', () => {
    const dataDir = path.join(freshDir(), '.data')
    const env: Record<string, string | undefined> = {}
    const first = ensureSessionSecret(env, dataDir)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(first).not.toBe('planillas-dev-session-secret')
    expect(env.SESSION_SECRET).toBe(first)
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first)
    expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600)
    // A restart keeps the same secret, so nobody is signed out.
    expect(ensureSessionSecret({}, dataDir)).toBe(first)
  })

  it('keeps a configured SESSION_SECRET and writes nothing', () => {
    const dataDir = path.join(freshDir(), '.data')
    const env: Record<string, string | undefined> = { SESSION_SECRET: 'configurado' }
    expect(ensureSessionSecret(env, dataDir)).toBe('configurado')
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false)
  })
})
