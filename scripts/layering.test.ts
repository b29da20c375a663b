import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBE_PREFIX, ROOT } from './project-files'

/**
 * The layering of biome.json's `noRestrictedImports` overrides, proved on the real configuration:
 * a probe file with one import is written into a workspace folder, linted with `biome lint` as
 * `npm run lint` does, and removed. Refused imports fail the lint with the rule and its message.
 */
const BIOME = path.join(ROOT, 'node_modules/.bin/biome')
const written: string[] = []
afterAll(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true })
})

/** A probe file with one import, written into `folder`; its path from the root. */
function probe(folder: string, source: string, suffix = '.ts'): string {
  const dir = path.join(ROOT, folder)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${PROBE_PREFIX}${process.pid}-${written.length}${suffix}`)
  written.push(file)
  writeFileSync(file, `${source}\n\nexport const probe = x\n`)
  return path.relative(ROOT, file)
}

type Diagnostic = { severity: string; category?: string; message: string; location?: { path?: string } }
type Linted = { status: number; output: string }

/**
 * Lints every probe in one `biome lint` (one process instead of one per probe) and gives each probe
 * what a `biome lint` of that file alone would: a non-zero status when it has an error, and its
 * diagnostics' rules and messages.
 */
function lintAll(files: string[]): Map<string, Linted> {
  const result = spawnSync(
    BIOME,
    ['lint', '--colors=off', '--reporter=json', '--max-diagnostics=10000', ...files],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(result.stdout) as {
    summary: { diagnosticsNotPrinted: number }
    diagnostics: Diagnostic[]
  }
  expect(report.summary.diagnosticsNotPrinted).toBe(0)
  return new Map(
    files.map((file) => {
      const own = report.diagnostics.filter((d) => d.location?.path === file)
      const status = own.some((d) => d.severity === 'error' || d.severity === 'fatal') ? 1 : 0
      return [file, { status, output: own.map((d) => `${d.category} ${d.message}`).join('\n') }]
    }),
  )
}

const TEST_HELPERS = 'El código de producción no importa ayudas de prueba'

const refused: [folder: string, source: string, message: string][] = [
  ['remix/app', "import { users as x } from '@planillas/db'", 'La web solo habla HTTP con la API'],
  ['remix/app/routes', "import type { Database as x } from '@planillas/db'", 'La web solo habla HTTP'],
  ['remix/server', "import { x } from '../../db/src/schema/index'", 'La web solo habla HTTP'],
  ['remix/app', "import { buildApp as x } from '@planillas/api/app'", 'La web solo habla HTTP'],
  ['api/src', "import { silentLogger as x } from '@planillas/worker/context'", 'La API no importa el worker'],
  ['api/src/modules', "import { x } from '../../../worker/src/context'", 'La API no importa el worker'],
  ['api/src', "const { x } = await import('@planillas/worker/sweep')", 'La API no importa el worker'],
  ['worker/src', "import { loadConfig as x } from '@planillas/api/config'", 'El worker no importa la API'],
  ['worker/src/processors', "export { x } from '@planillas/api'", 'El worker no importa la API'],
  ['db/src', "import { x } from '@planillas/api/auth/tokens'", 'db/ está debajo de la API'],
  ['db/src', "import { openXlsx as x } from '@planillas/formats/xlsx-package'", 'db/ es la base de datos'],
  [
    'db/src',
    "import { inspectReceiptPdf as x } from '@planillas/formats/receipt-pdf'",
    'db/ es la base de datos',
  ],
  ['db/src', "import { parseCsv as x } from '@planillas/formats/csv'", 'db/ es la base de datos'],
  ['db/src', "import { writeXlsx as x } from '@planillas/formats/xlsx-writer'", 'db/ es la base de datos'],
  ['db/src', "import { x } from '../../formats/src/xlsx-sheet'", 'db/ es la base de datos'],
  ['db/src', "import { createBullmqQueue as x } from '@planillas/queue'", 'db/ es la base de datos'],
  ['db/src/schema', "import { x } from '../../../queue/src/queue-bullmq'", 'db/ es la base de datos'],
  ['db/src', "import { createStorage as x } from '@planillas/storage'", 'db/ es la base de datos'],
  ['formats/src', "import { users as x } from '@planillas/db'", 'formats/ lee y escribe formatos'],
  [
    'formats/src',
    "import { createStorage as x } from '@planillas/storage'",
    'formats/ lee y escribe formatos',
  ],
  [
    'storage/src',
    "import { createBullmqQueue as x } from '@planillas/queue'",
    'storage/ guarda y lee archivos',
  ],
  ['queue/src', "import { users as x } from '@planillas/db'", 'queue/ lleva los trabajos a la cola'],
  ['queue/src', "import { x } from '../../api/src/app'", 'queue/ lleva los trabajos a la cola'],
  ['remix/app', "import { parseCsv as x } from '@planillas/formats/csv'", 'La web solo habla HTTP'],
  ['testing/src', "import { x } from '@planillas/remix/app/menu'", 'testing/ prepara las pruebas'],
  ['domain/src', "import { users as x } from '@planillas/db'", 'domain/ son reglas puras'],
  ['domain/src', "import { x } from '@planillas/remix/app/menu'", 'domain/ son reglas puras'],
  ['domain/src', "import { readFileSync as x } from 'node:fs'", 'domain/ no hace E/S'],
  // Production code never imports test helpers, by package or by path.
  ['api/src', "import { createTestApp as x } from '@planillas/testing/api/app'", TEST_HELPERS],
  ['api/src/modules', "import { x } from '../../../testing/src/database'", TEST_HELPERS],
  ['worker/src', "import { openTestDatabase as x } from '@planillas/testing/database'", TEST_HELPERS],
  [
    'db/src',
    "import { insertFixtureEmployees as x } from '@planillas/testing/payroll-fixtures'",
    TEST_HELPERS,
  ],
  ['formats/src', "import { buildZip as x } from '@planillas/testing/zip-fixtures'", TEST_HELPERS],
  ['queue/src', "import { startOwnRedis as x } from '@planillas/testing/processes'", TEST_HELPERS],
  ['storage/src', "import { x } from '@planillas/testing/database'", TEST_HELPERS],
  ['remix/server', "import { x } from '@planillas/testing/database'", TEST_HELPERS],
  ['scripts', "import { openTestDatabase as x } from '@planillas/testing/database'", TEST_HELPERS],
  // Nor domain's test fixtures, which sit beside its code.
  ['domain/src/payroll', "import { JUNE_AFP_RATE as x } from './payroll-fixtures'", TEST_HELPERS],
  ['api/src', "import { x } from '@planillas/domain/identifier-fixtures'", TEST_HELPERS],
]

const allowed: [folder: string, source: string][] = [
  ['remix/app', "import { formatDate as x } from '@planillas/domain'"],
  ['api/src', "import { users as x } from '@planillas/db'"],
  ['worker/src', "import { users as x } from '@planillas/db'"],
  ['db/src', "import { formatDate as x } from '@planillas/domain'"],
  // Its reference files are CSV, read with the pure parser of domain/ (no exception for formats/).
  ['db/src', "import { parseCsv as x } from '@planillas/domain/csv'"],
  ['formats/src', "import { FILE_MESSAGES as x } from '@planillas/domain'"],
  ['api/src', "import { writeXlsx as x } from '@planillas/formats/xlsx-writer'"],
  ['worker/src', "import { createStorage as x } from '@planillas/storage'"],
  ['testing/src', "import { buildApp as x } from '@planillas/api/app'"],
  ['scripts/bench', "import { insertFixtureEmployees as x } from '@planillas/testing/payroll-fixtures'"],
  ['domain/src', "import { x } from './period'"],
  // The launchers and the tests that span tiers may import every workspace.
  ['scripts', "import { silentLogger as x } from '@planillas/worker/context'"],
]

/** Tests, wherever they live, may use the helpers (a probe named `*.test.ts`). */
const allowedInTests: [folder: string, source: string][] = [
  ['api/src/modules', "import { createTestApp as x } from '@planillas/testing/api/app'"],
  ['db/src', "import { openTestDatabase as x } from '@planillas/testing/database'"],
  ['formats/src', "import { buildZip as x } from '@planillas/testing/zip-fixtures'"],
  ['queue/src', "import { startOwnRedis as x } from '@planillas/testing/processes'"],
  ['worker/src', "import { createImportHarness as x } from '@planillas/testing/worker/import-harness'"],
]

describe('layering (biome.json): web never imports db, the API and the worker never import each other', () => {
  const files = {
    refused: refused.map(([folder, source]) => probe(folder, source)),
    allowed: allowed.map(([folder, source]) => probe(folder, source)),
    allowedInTests: allowedInTests.map(([folder, source]) => probe(folder, source, '.test.ts')),
  }
  let linted = new Map<string, Linted>()
  beforeAll(() => {
    linted = lintAll([...files.refused, ...files.allowed, ...files.allowedInTests])
  })
  const lint = (file: string) => linted.get(file) ?? { status: -1, output: 'no se revisó' }

  it.each(refused.map((row, i) => [...row, files.refused[i]] as const))(
    '%s refuses %s',
    (_folder, _source, message, file) => {
      const { status, output } = lint(file)
      expect(output).toContain('lint/style/noRestrictedImports')
      expect(output).toContain(message)
      expect(status).not.toBe(0)
    },
  )

  it.each(allowed.map((row, i) => [...row, files.allowed[i]] as const))(
    '%s may %s',
    (_folder, _source, file) => {
      const { status, output } = lint(file)
      expect(output).not.toContain('noRestrictedImports')
      expect(status).toBe(0)
    },
  )

  it.each(allowedInTests.map((row, i) => [...row, files.allowedInTests[i]] as const))(
    'a test in %s may %s',
    (_folder, _source, file) => {
      const { status, output } = lint(file)
      expect(output).not.toContain('noRestrictedImports')
      expect(status).toBe(0)
    },
  )
})

describe("the README's folder table", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const table = readme.slice(readme.indexOf('| Folder | Owns |'))
  const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1])
  const workspaces: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces

  it('has a row for every top-level workspace', () => {
    const topLevel = [...new Set(workspaces.map((w) => w.split('/')[0]))]
    expect(topLevel.filter((folder) => !rows.includes(folder))).toEqual([])
  })

  /** The adapters of storage/ and queue/: `<folder>/src/<folder>-<kind>.ts` (storage-env.ts holds variables). */
  const adapters = (folder: string) =>
    readdirSync(path.join(ROOT, folder, 'src'))
      .map((file) => new RegExp(`^${folder}-([a-z0-9-]+)\\.ts$`).exec(file)?.[1])
      .filter((kind): kind is string => kind !== undefined && kind !== 'env')
  const rowOf = (folder: string) =>
    table.slice(0, table.indexOf('\n\n')).match(new RegExp(`^\\| \`${folder}/\` \\|.*$`, 'm'))?.[0] ?? ''

  it.each(['storage', 'queue'])("names every adapter in %s/'s row", (folder) => {
    const kinds = adapters(folder)
    expect(kinds.length).toBeGreaterThan(1)
    const row = rowOf(folder).toLowerCase()
    expect(kinds.filter((kind) => !row.includes(kind))).toEqual([])
  })

  it('names only folders that exist', () => {
    expect(rows.length).toBeGreaterThan(0)
    expect(
      rows.filter(
        (folder) => !existsSync(path.join(ROOT, folder)) || !statSync(path.join(ROOT, folder)).isDirectory(),
      ),
    ).toEqual([])
  })
})
