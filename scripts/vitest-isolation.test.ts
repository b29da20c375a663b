import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_TESTS } from '../vitest.config'
import { ROOT } from './project-files'

/**
 * Most test files share their worker's modules with the files run before them (vitest.config.ts).
 * A file that replaces a module or a global, changes the environment, or imports a module to see
 * what loading it does would then meet another file's modules, or leave its own to the next: each
 * such file must be in `ISOLATED_TESTS`.
 */
const NEEDS_ITS_OWN_MODULES: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(/, 'replaces a module or a global'],
  [/process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/, 'changes the environment'],
  [/\bawait import\(/, 'imports a module to see what loading it does'],
]

const SOURCES = [
  'domain',
  'formats',
  'storage',
  'queue',
  'db',
  'api',
  'worker',
  'remix',
  'scripts',
  'testing',
]

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory())
      return ['node_modules', 'build', 'build-e2e'].includes(entry.name) ? [] : testFiles(relative)
    return entry.name.endsWith('.test.ts') ? [relative] : []
  })
}

const THIS_FILE = 'scripts/vitest-isolation.test.ts'
const isolated = (file: string) => ISOLATED_TESTS.some((glob) => path.matchesGlob(file, glob))

describe('test files that need modules of their own', () => {
  it('are all run isolated', () => {
    // This file names the patterns it looks for.
    const shared = SOURCES.flatMap(testFiles).filter((file) => !isolated(file) && file !== THIS_FILE)
    expect(shared.length).toBeGreaterThan(200)
    const trouble = shared.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8')
      return NEEDS_ITS_OWN_MODULES.filter(([pattern]) => pattern.test(text)).map(
        ([, why]) => `${file}: ${why}`,
      )
    })
    expect(trouble).toEqual([])
  })

  it('would find a file that replaces a module', () => {
    const text = "vi.mock('./api-transport.server', () => ({ exchange: vi.fn() }))"
    expect(NEEDS_ITS_OWN_MODULES.some(([pattern]) => pattern.test(text))).toBe(true)
    expect(isolated('remix/app/api.server.test.ts')).toBe(true)
    expect(isolated('api/src/modules/companies/companies.test.ts')).toBe(false)
  })
})
