import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * `domain/src` stands in one folder per business subject, and its imports run down only: `common/`
 * imports no subject, and a subject imports `common/` and the subjects it builds on, never one that
 * builds on it (docs/decisions/domain-by-subject.md). Read here from the modules' own relative
 * imports (tests and fixtures aside): between subjects the imports form no circle, however long.
 */
const SRC = 'domain/src/'

/** The subject a module of domain/src belongs to: its first folder, or '(top)' for the files beside them. */
const subjectOf = (file: string) => {
  const rest = file.slice(SRC.length)
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '(top)'
}

/** The domain/src modules a module imports by a relative path. */
function relativeImports(file: string, source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/^(?:(?:import|export)\b[^'"]*?from |import )'(\.[^']+)'/gm)) {
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])))
  }
  return found
}

/** Subject → the other subjects its modules import. */
function subjectGraph(files: { file: string; source: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const { file, source } of files) {
    const from = subjectOf(file)
    const edges = graph.get(from) ?? new Set<string>()
    graph.set(from, edges)
    for (const target of relativeImports(file, source)) {
      const to = subjectOf(target)
      if (to !== from) edges.add(to)
    }
  }
  return graph
}

/** One circle of the graph as the subjects it passes, or null when there is none. */
function circleOf(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const trail: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node]
    state.set(node, 'open')
    trail.push(node)
    for (const next of graph.get(node) ?? []) {
      const circle = visit(next)
      if (circle) return circle
    }
    trail.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of graph.keys()) {
    const circle = visit(node)
    if (circle) return circle
  }
  return null
}

const modules = () =>
  projectFiles(`${SRC}**/*.ts`)
    .filter((file) => !/\.test\.ts$|-fixtures\.ts$/.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(ROOT, file), 'utf8') }))

describe("the domain's subjects", () => {
  const graph = subjectGraph(modules())

  it('import common/ and what they build on, and no subject imports back what builds on it', () => {
    expect([...(graph.get('common') ?? [])]).toEqual([])
    expect(graph.get('vouchers')).toContain('common')
    expect(circleOf(graph)).toBeNull()
  })

  it('would find a circle through two subjects and through three', () => {
    // Made-up modules, named the way the domain's are.
    const at = (subject: string, name: string) => `${SRC}${subject}/${name}.ts`
    const two = subjectGraph([
      { file: at('payroll', 'a'), source: "import { x } from '../vouchers/b'\n" },
      { file: at('vouchers', 'b'), source: "export { y } from '../payroll/a'\n" },
    ])
    expect(circleOf(two)).toEqual(['payroll', 'vouchers', 'payroll'])
    const three = subjectGraph([
      { file: at('a', 'x'), source: "import { x } from '../b/y'\n" },
      { file: at('b', 'y'), source: "import type { Y } from '../c/z'\n" },
      { file: at('c', 'z'), source: "import { w } from './w'\nimport '../a/x'\n" },
    ])
    expect(circleOf(three)).toEqual(['a', 'b', 'c', 'a'])
    const none = subjectGraph([
      { file: at('a', 'x'), source: "import { x } from '../common/y'\n" },
      { file: at('b', 'y'), source: "import { x } from '../a/x'\n" },
    ])
    expect(circleOf(none)).toBeNull()
  })
})
