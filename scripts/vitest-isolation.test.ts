import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_TESTS, TESTS } from '../vitest.config'
import { projectFiles, ROOT } from './project-files'

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

const THIS_FILE = 'scripts/vitest-isolation.test.ts'
const matches = (globs: string[]) => (file: string) => globs.some((glob) => path.matchesGlob(file, glob))
const isolated = matches(ISOLATED_TESTS)

describe('test files that need modules of their own', () => {
  it('are all run isolated', () => {
    // This file names the patterns it looks for.
    const shared = projectFiles('*.test.ts')
      .filter(matches(TESTS))
      .filter((file) => !isolated(file) && file !== THIS_FILE)
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
