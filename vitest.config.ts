import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'domain/src/**/*.test.ts',
      'db/src/**/*.test.ts',
      'api/src/**/*.test.ts',
      'worker/src/**/*.test.ts',
      'remix/app/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
