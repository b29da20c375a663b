import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * How the layering test names the probe files it writes into the workspaces' folders for a moment
 * (scripts/layering.test.ts): the other convention tests, running beside it, leave them out.
 */
export const PROBE_PREFIX = 'layering-probe-'

/**
 * The project's files as a fresh clone of this commit with the change would have them: tracked ones
 * and new ones git does not ignore, that exist (one deleted but not yet committed is left out), without
 * the layering test's probe files, which may be gone by the time a test reads them. `pathspecs`
 * narrow it as they narrow `git ls-files` (`'remix/app'`, `'*.ts'`).
 */
export function projectFiles(...pathspecs: string[]): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', ...pathspecs], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && !path.basename(f).startsWith(PROBE_PREFIX) && existsSync(path.join(ROOT, f)))
}
