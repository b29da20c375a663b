import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The web tier's own alias (remix/vite.config.ts), for its modules under test.
  resolve: { alias: { '~': fileURLToPath(new URL('./remix/app', import.meta.url)) } },
  test: {
    include: [
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
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One migrated database per run, copied by every test file (testing/src/database-template.ts).
    globalSetup: ['testing/src/database-template.ts'],
    // Vitest's default is one worker per core but one (1 on two cores). Most files wait on
    // PostgreSQL, Redis or a child process rather than compute: three at once keep two cores busy.
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 3,
  },
})
