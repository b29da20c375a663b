import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // The end-to-end tests build elsewhere, so that they never replace the build `npm start` serves.
  buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config
