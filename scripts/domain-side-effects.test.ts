import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * `domain/package.json` names the modules whose loading does something (`sideEffects`), so that the
 * web's bundler leaves out of the browser's scripts every other domain module a page does not use
 * (a list page's scripts 706 → 543 KB). A module that does something when it loads and is not named
 * would be left out where nothing imports a value from it: zod's Spanish messages, dayjs' plugins.
 */
const DOMAIN = path.join(ROOT, 'domain')
const declared: string[] = JSON.parse(readFileSync(path.join(DOMAIN, 'package.json'), 'utf8')).sideEffects

/** A statement at a module's top level that does something: an import for its effect, a call, a loop. */
const DOES_SOMETHING = /^(import ['"]|[A-Za-z_$][\w$.]*\(|(for|if|while|try|await)\b)/m

/** `domain/src/common/format.ts` as the package names it: `./src/common/format.ts`. */
const asDeclared = (file: string) => `./${file.slice('domain/'.length)}`

describe("the domain's modules that do something when they load", () => {
  it('are named in domain/package.json, and only they', () => {
    const found = projectFiles('domain/src/*.ts')
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => DOES_SOMETHING.test(readFileSync(path.join(ROOT, file), 'utf8')))
      .map(asDeclared)
    expect(found).toContain('./src/common/zod-locale.ts')
    expect([...found].sort()).toEqual([...declared].sort())
  })

  it('would find a call at the top of a module', () => {
    expect(DOES_SOMETHING.test("import dayjs from 'dayjs'\n\ndayjs.extend(utc)\n")).toBe(true)
    expect(DOES_SOMETHING.test("import './common/zod-locale'\n")).toBe(true)
    expect(DOES_SOMETHING.test('export const a = f(1)\nfunction g() {\n  h()\n}\n')).toBe(false)
  })
})
