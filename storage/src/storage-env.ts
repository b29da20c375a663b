import { integer, oneOf, text, url } from '@planillas/domain/env'

/**
 * The variables that choose and reach the file store, shared by the API's and the worker's
 * configuration schemas (both must point at the same store).
 */
export const STORAGE_ENV = {
  STORAGE: oneOf(['local', 's3'], 'local'),
  FILES_DIR: text('.data/files'),
  FILES_MIN_FREE_MB: integer({ min: 0, fallback: 16 }),
  S3_BUCKET: text(),
  S3_ENDPOINT: url(),
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: oneOf(['true', 'false'], 'false'),
}

export type StorageEnv = Partial<Record<keyof typeof STORAGE_ENV, string>>

/** Those variables out of a parsed configuration, for `createStorage`. */
export function storageEnvOf(values: Partial<Record<keyof typeof STORAGE_ENV, string | number>>): StorageEnv {
  const picked: StorageEnv = {}
  for (const name of Object.keys(STORAGE_ENV) as (keyof typeof STORAGE_ENV)[])
    picked[name] = values[name] === undefined ? undefined : String(values[name])
  return picked
}
