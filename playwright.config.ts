import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests against the whole system: scripts/e2e-server.ts starts the development identity
 * provider, the API and the web tier on their own ports (E2E_PORT_BASE, default 4000) with a fresh
 * database and the demo data. Chromium is Debian's (/usr/bin/chromium); never `playwright install`.
 * `npm run test:e2e` (.ci/e2e) runs the two projects at once, each with a system of its own on its
 * own port base; `npx playwright test` runs both projects against one system.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000)
const baseURL = `http://localhost:${base}`

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'e2e',
  // A project's specs share one system and its database, in order: one worker keeps them predictable.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A test's whole time, beside each expectation's 10 s. With both projects at once on a 2-core
  // machine that runs a third slower, the longest flows (a bank added, renamed and suspended, with
  // two accessibility checks) took 46-48 s of steps of 0.5-3 s each, none of them stuck: the limit
  // guards against a hang, not against a slow machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    // A failed test keeps its trace (the DOM at each step, the network, the console); without the
    // screencast's filmstrip, which had Chromium paint and encode frames for every test that passed.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  projects: [
    // A test titled '@nojs-only' is about the page without JavaScript (a route the app replaces).
    { name: 'js', use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
    // A test titled '@js-only' is about what JavaScript adds (a live update): not run without it.
    { name: 'nojs', use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { E2E_PORT_BASE: String(base) },
  },
})
