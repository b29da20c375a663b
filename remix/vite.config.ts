import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

/** The web tier's bundle: React Router's framework plugin (options in react-router.config.ts). */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths({ root: '..' })],
  server: { port: Number(process.env.WEB_PORT ?? 3000) },
})
