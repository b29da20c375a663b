import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

/**
 * The bare list page of `npm run bench:list` (scripts/bench/list.ts builds it when stale): a React
 * Router app of its own, so the product's build and route tree stay as they are. Its page imports the
 * product's loader code (`~/list.server`, the same API call for the same URL) and renders the rows
 * as a plain table, without the app's shell, filter panel or list components. Its options are in
 * react-router.config.ts beside this file.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [reactRouter(), tsconfigPaths({ root: '../../..' })],
})
