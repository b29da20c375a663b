import path from 'node:path'
import type { FileStorage } from './file-storage'
import { createLocalStorage } from './storage-local'
import type { S3StorageOptions } from './storage-s3'

export const DEFAULT_FILES_DIR = path.resolve(process.cwd(), '.data/files')

/**
 * The configured store: `STORAGE=s3` a bucket of an S3-compatible server (`S3_*`), else a
 * directory, `FILES_DIR` (default `.data/files`). A bad setting stops the process at start.
 */
export function createStorage(env: Record<string, string | undefined> = process.env): FileStorage {
  const kind = env.STORAGE ?? 'local'
  if (kind === 's3') return lazyS3Storage(s3OptionsFrom(env))
  if (kind !== 'local') throw new Error(`STORAGE debe ser "local" o "s3", no "${kind}"`)
  const minFreeMb = Number(env.FILES_MIN_FREE_MB)
  return createLocalStorage(env.FILES_DIR ? path.resolve(env.FILES_DIR) : DEFAULT_FILES_DIR, {
    minFreeBytes: Number.isFinite(minFreeMb) && minFreeMb >= 0 ? minFreeMb * 1024 * 1024 : undefined,
  })
}

/**
 * An S3 store whose SDK loads with its first call (`storage-s3.ts`): the AWS SDK holds about 30 MB
 * of a process's RSS, which an API or a worker on local storage then never pays
 * (docs/decisions/server-build.md). The settings are still checked at start, by `s3OptionsFrom`.
 */
function lazyS3Storage(options: S3StorageOptions): FileStorage {
  let loaded: Promise<FileStorage> | undefined
  const store = () => {
    loaded ??= import('./storage-s3').then((module) => module.createS3Storage(options))
    return loaded
  }
  return {
    kind: 's3',
    put: async (body, meta) => (await store()).put(body, meta),
    get: async (key) => (await store()).get(key),
    delete: async (key) => (await store()).delete(key),
    check: async () => (await store()).check(),
    sweepTemporaries: async (olderThanMs) => (await store()).sweepTemporaries(olderThanMs),
    async *listKeys(modifiedBefore) {
      const loadedStore = await store()
      if (loadedStore.listKeys) yield* loadedStore.listKeys(modifiedBefore)
    },
  }
}

/** A write in progress is touched all the time; one untouched this long was abandoned. */
export const STALE_TEMPORARY_MS = 60 * 60_000
const SWEEP_EVERY_MS = 15 * 60_000

/**
 * Sweeps the store's abandoned temporaries now and every 15 minutes (the API and the worker both
 * write files; `kill -9` in the middle of a payment file would leave its temporary forever).
 * Returns the function that stops it.
 */
export function sweepTemporariesPeriodically(
  storage: FileStorage,
  log: { warn: (message: string, details?: Record<string, unknown>) => void },
  { everyMs = SWEEP_EVERY_MS, olderThanMs = STALE_TEMPORARY_MS } = {},
): () => void {
  const sweep = () =>
    storage.sweepTemporaries(olderThanMs).then(
      (removed) => {
        if (removed) log.warn('Archivos temporales abandonados eliminados', { removed })
      },
      (error: unknown) =>
        log.warn('No se pudo revisar los archivos temporales', { error: (error as Error)?.message }),
    )
  void sweep()
  const timer = setInterval(sweep, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** The `S3_*` settings; the bucket is required, credentials may come from the SDK's own chain. */
export function s3OptionsFrom(env: Record<string, string | undefined>): S3StorageOptions {
  if (!env.S3_BUCKET) throw new Error('STORAGE=s3 necesita S3_BUCKET')
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? 'false'
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`S3_FORCE_PATH_STYLE debe ser "true" o "false", no "${pathStyle}"`)
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: pathStyle === 'true',
  }
}

export * from './file-storage'
export { createLocalStorage, readAll } from './storage-local'
export { STORAGE_DOWN, STORAGE_UP, type StorageWatch, watchStorage } from './storage-watch'
