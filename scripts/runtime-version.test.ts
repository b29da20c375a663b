import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * One Node version for the image and for CI (docs/decisions/node-version.md): `.nvmrc` names it
 * exactly, the Dockerfile's stages run it, `.ci/node` installs it for `.ci/run`, and `engines`
 * admits it. Moving the version is one edit of `.nvmrc` and the Dockerfile, or this test fails.
 */
const root = new URL('../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

describe('the Node version', () => {
  const version = read('.nvmrc').trim()

  it('is exact in .nvmrc', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('is the one every stage of the Docker image runs', () => {
    const froms = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1])
    expect(froms.length).toBeGreaterThan(0)
    for (const image of froms) expect(image).toBe(`node:${version}-trixie-slim`)
  })

  it('is the one CI installs and runs the tests on', () => {
    expect(read('.ci/node')).toContain('.nvmrc')
    expect(read('.ci/run')).toMatch(/node_bin="\$\(bash \.ci\/node\)"\nexport PATH="\$node_bin:\$PATH"/)
  })

  it('is admitted by engines, whose major is its major', () => {
    const engines = JSON.parse(read('package.json')).engines.node
    expect(engines).toBe(`^${version.split('.')[0]}`)
  })
})
