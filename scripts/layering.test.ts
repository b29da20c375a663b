import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The layering of biome.json's `noRestrictedImports` overrides, proved on the real configuration:
 * a probe file with one import is written into a workspace folder, linted with `biome lint` as
 * `npm run lint` does, and removed. Refused imports fail the lint with the rule and its message.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const BIOME = path.join(ROOT, 'node_modules/.bin/biome')
const written: string[] = []
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true })
})

function lint(folder: string, source: string) {
  const dir = path.join(ROOT, folder)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `layering-probe-${process.pid}-${written.length}.ts`)
  written.push(file)
  writeFileSync(file, `${source}\n\nexport const probe = x\n`)
  const result = spawnSync(BIOME, ['lint', '--colors=off', path.relative(ROOT, file)], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const refused: [folder: string, source: string, message: string][] = [
  ['remix/app', "import { users as x } from '@planillas/db'", 'La web solo habla HTTP con la API'],
  ['remix/app/routes', "import type { Database as x } from '@planillas/db'", 'La web solo habla HTTP'],
  ['remix/server', "import { x } from '../../db/src/schema/index'", 'La web solo habla HTTP'],
  ['remix/app', "import { buildApp as x } from '@planillas/api/app'", 'La web solo habla HTTP'],
  ['api/src', "import { silentLogger as x } from '@planillas/worker/context'", 'La API no importa el worker'],
  ['api/src/modules', "import { x } from '../../../worker/src/context'", 'La API no importa el worker'],
  ['api/src', "const { x } = await import('@planillas/worker/sweep')", 'La API no importa el worker'],
  ['worker/src', "import { loadConfig as x } from '@planillas/api/config'", 'El worker no importa la API'],
  ['worker/src/processors', "export { x } from '@planillas/api'", 'El worker no importa la API'],
  ['db/src', "import { x } from '@planillas/api/auth/tokens'", 'db/ está debajo de la API'],
  ['domain/src', "import { users as x } from '@planillas/db'", 'domain/ son reglas puras'],
  ['domain/src', "import { x } from '@planillas/remix/app/menu'", 'domain/ son reglas puras'],
  ['domain/src', "import { readFileSync as x } from 'node:fs'", 'domain/ no hace E/S'],
]

const allowed: [folder: string, source: string][] = [
  ['remix/app', "import { formatDate as x } from '@planillas/domain'"],
  ['api/src', "import { users as x } from '@planillas/db'"],
  ['worker/src', "import { users as x } from '@planillas/db'"],
  ['db/src', "import { formatDate as x } from '@planillas/domain'"],
  ['domain/src', "import { x } from './period'"],
  // The launchers and the tests that span tiers may import every workspace.
  ['scripts', "import { silentLogger as x } from '@planillas/worker/context'"],
]

describe('layering (biome.json): web never imports db, the API and the worker never import each other', () => {
  it.each(refused)('%s refuses %s', (folder, source, message) => {
    const { status, output } = lint(folder, source)
    expect(output).toContain('lint/style/noRestrictedImports')
    expect(output).toContain(message)
    expect(status).not.toBe(0)
  })

  it.each(allowed)('%s may %s', (folder, source) => {
    const { status, output } = lint(folder, source)
    expect(output).not.toContain('noRestrictedImports')
    expect(status).toBe(0)
  })
})
