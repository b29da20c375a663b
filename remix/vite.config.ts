import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    tailwindcss(),
    remix({
      appDirectory: 'app',
      // The end-to-end tests build elsewhere, so that they never replace the build `npm start` serves.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
      // Every v3 flag on, so the move to React Router 7 is mechanical.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths({ root: '..' }),
  ],
  server: { port: Number(process.env.WEB_PORT ?? 3000) },
})

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}
