import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { REMIX_DIR, remixBuildOf } from '@planillas/remix/server/web-server'

const ROOT = path.resolve(REMIX_DIR, '..')
/** What the web bundle is made of: its own code and the domain rules it imports. */
const SOURCES = [
  path.join(REMIX_DIR, 'app'),
  path.join(REMIX_DIR, 'public'),
  path.join(REMIX_DIR, 'vite.config.ts'),
  path.join(REMIX_DIR, 'react-router.config.ts'),
  path.join(ROOT, 'domain/src'),
]

function newestChange(entry: string): number {
  let stat: ReturnType<typeof statSync>
  try {
    stat = statSync(entry)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  )
}

/**
 * Builds the Remix app when there is no build or a source changed after it. The build's own
 * output (~150 lines of chunk sizes and bundler notes) is kept back: one progress line, and the
 * whole output only when the build fails.
 */
export function ensureRemixBuild(): void {
  const built = newestChange(
    path.join(remixBuildOf(process.env.REMIX_BUILD_DIR || undefined), 'server/index.js'),
  )
  const changed = Math.max(...SOURCES.map(newestChange))
  if (built && built >= changed) return
  const started = Date.now()
  process.stdout.write(
    built ? 'El código de la web cambió: compilando…' : 'Compilando la web (solo la primera vez)…',
  )
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@planillas/remix'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    process.stdout.write(' falló.\n')
    process.stderr.write(
      `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error}\n` : ''}`,
    )
    throw new Error('No se pudo compilar la web (npm run build); arriba está su salida completa')
  }
  process.stdout.write(` lista en ${Math.round((Date.now() - started) / 1000)} s.\n`)
}
