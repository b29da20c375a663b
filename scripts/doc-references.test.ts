import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * Every file a comment or a doc cites is one a fresh clone has. The product's design was once read
 * from files outside the repository (the spec, the design, the house style, the version notes);
 * what the code relies on now lives in docs/ (architecture.md, domain.md, conventions.md,
 * decisions/), and this test keeps it so: no citation of those outside files, and no path into the
 * repository (`docs/…`, `api/src/…`, a glob such as `remix/app/routes/contratos.*`) or markdown
 * link that does not resolve.
 *
 * Not read: landed migrations (`db/migrations/`, never edited once landed, so their comments keep the
 * names of their day: docs/decisions/README.md maps the old section names to records), the lockfile
 * and reference data. Paths git ignores (build output such as `remix/build-e2e`) are outputs, not
 * citations, and pass.
 */
const SELF = 'scripts/doc-references.test.ts'
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|yml|yaml|sh)$|(^|\/)(Dockerfile|\.ci\/[^/.]+)$/
const SKIPPED = /^(db\/migrations\/|db\/reference\/)|(^|\/)package-lock\.json$/

const files = projectFiles()
const folders = new Set(
  files.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, p) => p.slice(0, i + 1).join('/')),
  ),
)
const scanned = files.filter((f) => TEXT.test(f) && !SKIPPED.test(f) && f !== SELF)
const tops = [...new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))]

/** Citations of the design files that live outside the repository. */
const OUTSIDE = /\b(SPEC|DESIGN|CONVENTIONS|STACK)(\.md)?\b/g

function globPattern(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) =>
      part === '**' || part === '**/'
        ? '(?:.*/)?'
        : part === '*'
          ? '[^/]*'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${source}(?:/.*)?$`)
}

function resolves(target: string): boolean {
  const clean = target.replace(/\/+$/, '')
  if (clean.includes('*')) {
    const pattern = globPattern(clean)
    return files.some((f) => pattern.test(f))
  }
  return files.includes(clean) || folders.has(clean)
}

const ignored = (paths: string[]) => {
  if (paths.length === 0) return new Set<string>()
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      cwd: ROOT,
      encoding: 'utf8',
      // A folder rule (`build/`) matches only a path that says it is a folder.
      input: paths.flatMap((p) => [p, `${p}/`]).join('\n'),
    })
    return new Set(out.split('\n').map((p) => p.replace(/\/$/, '')))
  } catch {
    // Exit status 1: none of them is ignored.
    return new Set<string>()
  }
}

type Problem = { file: string; line: number; text: string }

function pathsIn(file: string, text: string): Problem[] {
  const found: Problem[] = []
  const roots = tops.map((t) => t.replace(/[.]/g, '\\.')).join('|')
  // A path starts a token (after a space, a quote, a bracket or the line's start) with a top-level
  // folder of the repository; a line number (`:82-162`) or a trailing stop is not part of it.
  const pathToken = new RegExp(`(?<=^|[\\s\`'"(\\[{,])((?:${roots})/[A-Za-z0-9_.$*\\-/]*)`, 'gm')
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    for (const match of line.matchAll(pathToken)) {
      const target = match[1].replace(/[.,:;]+$/, '')
      if (!resolves(target)) found.push({ file, line: index + 1, text: target })
    }
    if (file.endsWith('.md')) {
      for (const link of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = link[1]
        if (/^[a-z]+:/i.test(href) || href.startsWith('#')) continue
        const local = href.split('#')[0]
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), local))
        if (!resolves(target)) found.push({ file, line: index + 1, text: href })
      }
    }
  })
  return found
}

describe('references in comments and docs', () => {
  const texts = scanned.map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))

  it('scans the source and the docs', () => {
    expect(scanned).toContain('README.md')
    expect(scanned).toContain('docs/architecture.md')
    expect(scanned.filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(100)
  })

  it('cite no design file the repository lacks (SPEC, DESIGN, CONVENTIONS, STACK)', () => {
    const cited = texts.flatMap(({ file, text }) =>
      text
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(OUTSIDE)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
    )
    expect(cited).toEqual([])
  })

  it('name only paths and links that exist', () => {
    const problems = texts.flatMap(({ file, text }) => pathsIn(file, text))
    const outputs = ignored([...new Set(problems.map((p) => p.text))])
    const missing = problems.filter((p) => !outputs.has(p.text)).map((p) => `${p.file}:${p.line}: ${p.text}`)
    expect(missing).toEqual([])
  })

  it('would catch a stale citation', () => {
    expect(pathsIn('x.ts', '// see docs/decisions.md, "Hardening"')).toHaveLength(1)
    expect(pathsIn('x.ts', '// see docs/decisions/node-version.md')).toHaveLength(0)
    expect(pathsIn('docs/x.md', '[gone](decisions/nothing-here.md)')).toHaveLength(1)
    expect(pathsIn('x.ts', '// remix/app/routes/contratos/contratos.* and db/src/schema/')).toHaveLength(0)
    expect('(DESIGN §7) and CONVENTIONS and SPEC.md'.match(OUTSIDE)).toHaveLength(3)
    expect('COPY_SPECIAL'.match(OUTSIDE)).toBeNull()
  })
})
