import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { ROOT } from './project-files'

/**
 * The server processes as built JavaScript (`npm run build:server`, part of `npm run build`): what
 * the Docker image, `npm run start:api|web|worker`, the cluster and the benches run. Each entry is
 * one ES module in `dist/server/` with the workspaces' TypeScript bundled in and every npm package
 * left to `node_modules`, so no TypeScript loader runs in production: tsx's loader thread and its
 * transform caches cost the API about 36 MB of RSS at idle (docs/decisions/server-build.md).
 * `npm start`, the tests and the scripts still run the sources through tsx.
 */
export const SERVER_DIST = path.join(ROOT, 'dist/server')

export const SERVER_ENTRIES = {
  api: 'api/src/server.ts',
  worker: 'worker/src/main.ts',
  web: 'remix/server/main.ts',
  idp: 'scripts/dev-idp/main.ts',
} as const
export type ServerName = keyof typeof SERVER_ENTRIES

/** The built file of a process, e.g. `dist/server/api.mjs`. */
export const serverFile = (name: ServerName) => path.join(SERVER_DIST, `${name}.mjs`)

/**
 * The node flags each process runs with wherever it is deployed: the Dockerfile, docker-compose,
 * `npm run start:*`, the cluster and the benches (`scripts/node-flags.test.ts` holds them to this).
 * The heap cap makes V8 collect before RSS climbs. Semi-spaces of 8 MB (V8's default here is 32):
 * the young generation grows to its largest during start-up (migrations, reference data) and is
 * never given back, so the API at rest held about 200 MB with the default and 140–150 MB with 8, at
 * the same requests per second; 4 MB cost 10–20 % more CPU per list response
 * (docs/decisions/server-build.md). The worker's 8 MB keeps a 100,000-row import under 200 MB.
 */
export const NODE_FLAGS = {
  api: ['--max-old-space-size=256', '--max-semi-space-size=8'],
  worker: ['--max-old-space-size=256', '--max-semi-space-size=8'],
  web: [],
  idp: [],
} as const satisfies Record<ServerName, readonly string[]>

/**
 * A workspace module that finds its own files from `import.meta.url` (the migrations, the
 * reference CSVs, the built web app) keeps finding them from the bundle: its `import.meta.url`
 * becomes the source file's address relative to the bundle, so the build moves with the checkout.
 */
const sourceUrls: esbuild.Plugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const relative = path.relative(SERVER_DIST, args.path).split(path.sep).join('/')
      return {
        loader: 'ts',
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
      }
    })
  },
}

/** npm packages stay imports resolved at run time; only the workspaces (`@planillas/*`) are bundled. */
const packagesOutside: esbuild.Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@planillas/') ? undefined : { path: args.path, external: true },
    )
  },
}

export async function buildServers(): Promise<string[]> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node26',
    // Without comments and blank space: V8 keeps every module's source text for as long as the
    // process lives, and one character beyond Latin-1 in a comment doubles a whole file's string.
    // Names are kept (no identifier minifying), and stack traces can name the TypeScript source
    // (node --enable-source-maps).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesOutside, sourceUrls],
    metafile: true,
  })
  return Object.keys(result.metafile.outputs)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const outputs = await buildServers()
  const entries = Object.keys(SERVER_ENTRIES).join(', ')
  console.log(
    `Procesos compilados en dist/server (${entries}; ${outputs.length} archivos) en ${Math.round(performance.now() - started)} ms`,
  )
}
