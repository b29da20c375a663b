import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * No comment, doc or test name cites an issue number ('issue 23', '(issues 4 and 6)', '#31'):
 * the repository does not hold the issues, so such a citation tells a reader nothing. The reason
 * is said in words instead. Read as `doc-references.test.ts` reads: every tracked or new text file
 * but landed migrations (never edited once landed), reference data and the lockfile.
 */
const SELF = 'scripts/no-issue-citations.test.ts'
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|yml|yaml|sh|json)$|(^|\/)(Dockerfile|\.ci\/[^/.]+)$/
const SKIPPED = /^(db\/migrations\/|db\/reference\/)|(^|\/)package-lock\.json$/

/** 'issue 23', 'Issues 4, 6', 'issue #31', '(#31)', 'PR #12'. */
const CITATION = /\bissues?\s*#?\d+|\(#\d+\)|\b(?:PR|pull request)\s*#\d+/i

const files = projectFiles().filter((f) => TEXT.test(f) && !SKIPPED.test(f) && f !== SELF)

/** Every `file:line: text` that cites an issue number. */
function citations(): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  )
}

describe('no issue citations', () => {
  it('tells a citation from the words around it', () => {
    for (const cited of [
      '(issue 23)',
      'Status: current (issues 4, 6, 13, 22).',
      'Issue 14: the',
      'issue #7',
      'pull request #12',
    ])
      expect(cited).toMatch(CITATION)
    for (const plain of [
      "numFmt '#,##0.00'",
      'color: #000;',
      'an issue with 3 rows',
      'the issuer 2 times',
      'row #0',
    ])
      expect(plain).not.toMatch(CITATION)
  })

  it('finds none in the source, the tests and the docs', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(citations()).toEqual([])
  })
})
