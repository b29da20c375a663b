import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ConfigError } from '@planillas/domain/env'
import { afterEach, describe, expect, it } from 'vitest'
import { IDP_IN_PRODUCTION, loadIdpConfig } from './config'
import { startDevIdp } from './index'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const saved = process.env.NODE_ENV
afterEach(() => {
  process.env.NODE_ENV = saved
})

describe('the development identity provider under NODE_ENV=production', () => {
  it('refuses its configuration, saying why in Spanish', () => {
    expect(() => loadIdpConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadIdpConfig({ NODE_ENV: 'production' })).toThrow(IDP_IN_PRODUCTION)
    expect(loadIdpConfig({}).IDP_PORT).toBe(3002)
  })

  it('does not start in-process either (npm start), listening on nothing', async () => {
    process.env.NODE_ENV = 'production'
    await expect(startDevIdp({ port: 0, webUrls: ['http://localhost:3000'] })).rejects.toThrow(
      IDP_IN_PRODUCTION,
    )
  })

  it('its process exits with the message instead of accepting admin/admin', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/dev-idp/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', IDP_PORT: '0' },
      timeout: 110_000,
    })
    const failure = await run.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    )
    expect(failure?.code).not.toBe(0)
    expect(failure?.stderr).toContain(
      'El proveedor de identidad de desarrollo no se inicia con NODE_ENV=production',
    )
  })
})
