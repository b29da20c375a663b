import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * No function of the product is longer than 150 lines (docs/conventions.md): a longer one holds
 * several steps a reader should find by name (a page's panels, a route plugin's routes, a reader's
 * parts). Tests, benchmarks and seed data are left out: a long fixture is a list, not logic.
 */
const LIMIT = 150
const LEFT_OUT = /(\.test\.tsx?|\.spec\.ts)$|^(e2e|testing|scripts\/bench)\/|(^|\/)seed[^/]*\.ts$/

const files = projectFiles('*.ts', '*.tsx').filter((f) => !LEFT_OUT.test(f) && !f.endsWith('.d.ts'))

/** Every function, arrow function or method of `source` longer than `limit` lines, as 'file:line name (n lines)'. */
function longFunctions(file: string, source: string, limit = LIMIT): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = tree.getLineAndCharacterOfPosition(node.getStart()).line
      const end = tree.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      const name = (node as { name?: ts.Node }).name?.getText(tree) ?? '(anónima)'
      if (lines > limit) found.push(`${file}:${start + 1} ${name} (${lines} líneas)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

describe('function size', () => {
  it('measures a function from its first line to its last', () => {
    const body = Array.from({ length: 150 }, (_, i) => `  const a${i} = ${i}`).join('\n')
    expect(
      longFunctions('x.ts', `function fits() {\n${body.split('\n').slice(0, 148).join('\n')}\n}`),
    ).toEqual([])
    expect(longFunctions('x.ts', `function long() {\n${body}\n}`)).toEqual(['x.ts:1 long (152 líneas)'])
    expect(longFunctions('x.tsx', `const Page = () => {\n${body}\n}`)).toEqual([
      'x.tsx:1 (anónima) (152 líneas)',
    ])
  })

  it(`no function of the product is over ${LIMIT} lines`, () => {
    expect(files.length).toBeGreaterThan(300)
    const long = files.flatMap((file) => longFunctions(file, readFileSync(path.join(ROOT, file), 'utf8')))
    expect(long).toEqual([])
  })
})
