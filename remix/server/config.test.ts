import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { ConfigError } from '@planillas/domain/env'
import { describe, expect, it } from 'vitest'
import { loadWebConfig } from './config'

const STRONG = 'a-long-enough-secret-0123456789-abcdef'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadWebConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe("the web tier's configuration", () => {
  it('takes the defaults and names a bad value in Spanish', () => {
    expect(loadWebConfig({})).toMatchObject({ WEB_PORT: 3000, apiUrl: 'http://127.0.0.1:3001' })
    expect(loadWebConfig({ WEB_HOST: '0.0.0.0', API_URL: 'http://api:3001' })).toMatchObject({
      host: '0.0.0.0',
      apiUrl: 'http://api:3001',
    })
    expect(problemsOf({ REQUEST_TIMEOUT_SECONDS: 'abc', COOKIE_SECURE: 'yes' })).toEqual([
      "COOKIE_SECURE debe ser 'true' o 'false' (tiene 'yes')",
      "REQUEST_TIMEOUT_SECONDS debe ser un número entero de 1 o más (tiene 'abc')",
    ])
  })

  it('refuses, in production, a missing, public, short or guessable SESSION_SECRET', () => {
    const production = { NODE_ENV: 'production', CLIENT_ADDRESS_SECRET: STRONG }
    expect(problemsOf(production)).toEqual([
      'SESSION_SECRET es obligatorio en producción (NODE_ENV=production)',
    ])
    for (const secret of ['local-trial-session-secret-change-me', 'planillas-dev-session-secret'])
      expect(problemsOf({ ...production, SESSION_SECRET: secret })).toEqual([
        'SESSION_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
      ])
    expect(problemsOf({ ...production, SESSION_SECRET: 'a'.repeat(31) })).toEqual([
      'SESSION_SECRET debe tener al menos 32 caracteres en producción (por ejemplo: openssl rand -hex 32)',
    ])
    expect(problemsOf({ ...production, SESSION_SECRET: 'a'.repeat(32) })).toEqual([
      'SESSION_SECRET repite casi siempre los mismos caracteres: use uno aleatorio (por ejemplo: openssl rand -hex 32)',
    ])
    expect(problemsOf({ ...production, SESSION_SECRET: STRONG })).toEqual([])
  })

  it('refuses, in production, a missing CLIENT_ADDRESS_SECRET (the API would not believe its addresses)', () => {
    expect(problemsOf({ NODE_ENV: 'production', SESSION_SECRET: STRONG })).toEqual([
      'CLIENT_ADDRESS_SECRET es obligatorio en producción (NODE_ENV=production)',
    ])
  })
})

describe('the web process', () => {
  it("does not start in production with docker-compose's former default secret", async () => {
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'remix/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SESSION_SECRET: 'local-trial-session-secret-change-me',
        WEB_PORT: '4498',
      },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain(
      'Configuración inválida:\n  - SESSION_SECRET tiene un valor público (el de ejemplo o el de desarrollo): defina uno propio',
    )
  }, 60_000)
})
