import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

/**
 * The bare list page of `npm run bench:list` (scripts/bench/list.ts builds it when stale): a Remix
 * app of its own, so the product's build and route tree stay as they are. Its page imports the
 * product's loader code (`~/list.server`, the same API call for the same URL) and renders the rows
 * as a plain table, without the app's shell, filter panel or list components.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    remix({
      appDirectory: 'app',
      buildDirectory: 'build',
      // The product's flags (remix/vite.config.ts): the same router behaviour.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths({ root: '../../..' }),
  ],
})
