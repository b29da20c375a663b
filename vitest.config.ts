import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Every test file vitest runs. */
export const TESTS = [
  'domain/src/**/*.test.ts',
  'formats/src/**/*.test.ts',
  'storage/src/**/*.test.ts',
  'queue/src/**/*.test.ts',
  'db/src/**/*.test.ts',
  'api/src/**/*.test.ts',
  'worker/src/**/*.test.ts',
  'remix/app/**/*.test.ts',
  'remix/server/**/*.test.ts',
  'scripts/**/*.test.ts',
]

/**
 * Test files that need modules of their own: they replace a module (`vi.mock`) or a global, change
 * the environment a module reads when it loads, import a module to see what it loads, or test the
 * web tier, whose modules keep caches (catalogues, sessions) between requests.
 * `scripts/vitest-isolation.test.ts` finds every file that does one of these and holds it to this list.
 */
export const ISOLATED_TESTS = [
  'remix/app/**/*.test.ts',
  'remix/server/**/*.test.ts',
  'db/src/client.test.ts',
  'api/src/auth/secret.test.ts',
  'api/src/auth/live-sessions.test.ts',
  'api/src/lists/prepared.test.ts',
  'api/src/lists/guard.test.ts',
  'worker/src/processors/payroll-import.test.ts',
  'worker/src/processors/retention-receipts.test.ts',
  'scripts/layering.test.ts',
  'scripts/dev-idp/production.test.ts',
]

export default defineConfig({
  // The web tier's own alias (remix/vite.config.ts), for its modules under test.
  resolve: { alias: { '~': fileURLToPath(new URL('./remix/app', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One migrated database per run, copied by every test file (testing/src/database-template.ts).
    globalSetup: ['testing/src/database-template.ts'],
    // Vitest's default is one worker per core but one (1 on two cores). Most files wait on
    // PostgreSQL, Redis or a child process rather than compute: three at once keep two cores busy.
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 3,
    projects: [
      // Every other file runs in a worker that keeps the modules the files before it loaded:
      // importing the workspaces and their packages again for each of 268 files was half of the
      // run's CPU (docs/decisions/ci.md).
      {
        extends: true,
        test: { name: 'compartidos', include: TESTS, exclude: ISOLATED_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'aislados', include: ISOLATED_TESTS } },
    ],
  },
})
