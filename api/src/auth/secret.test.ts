import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { persistentJwtSecret } from './secret'

const dirs: string[] = []
afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('persistentJwtSecret', () => {
  it('generates a secret once and reads the same one after a restart', () => {
    vi.stubEnv('JWT_SECRET', '')
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'jwt-')), 'data')
    dirs.push(path.dirname(dir))
    const first = persistentJwtSecret(dir)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(persistentJwtSecret(dir)).toBe(first)
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first)
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600)
  })

  it('prefers JWT_SECRET and writes nothing then', () => {
    vi.stubEnv('JWT_SECRET', 'configurado')
    const dir = mkdtempSync(path.join(tmpdir(), 'jwt-'))
    dirs.push(dir)
    expect(persistentJwtSecret(dir)).toBe('configurado')
    expect(() => statSync(path.join(dir, 'jwt-secret'))).toThrow()
  })
})
