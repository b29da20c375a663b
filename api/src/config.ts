import { randomBytes } from 'node:crypto'
import { DEFAULT_EXPIRY_NOTICE_DAYS } from '@planillas/domain'
import {
  type Env,
  integer,
  LOG_LEVELS,
  nodeEnv,
  oneOf,
  parseEnv,
  port,
  productionSecrets,
  text,
  url,
} from '@planillas/domain/env'
import { MAIL_ENV, type MailSettings, mailSettingsOf } from '@planillas/domain/mail-env'
import { STORAGE_ENV, type StorageEnv, storageEnvOf } from '@planillas/storage/storage-env'
import { z } from 'zod'

/**
 * Every variable the API process reads, read once at start (server.ts, or the launcher that runs
 * the API in its process); the README's Configuration table is checked against it.
 */
export const API_ENV = z.object({
  NODE_ENV: nodeEnv(),
  API_PORT: port(3001),
  API_HOST: text('127.0.0.1'),
  DATABASE_URL: text(),
  DATABASE_DIRECT_URL: text(),
  PGLITE_DIR: text('.data/pglite'),
  REDIS_URL: text(),
  QUEUE_PREFIX: text(),
  ...STORAGE_ENV,
  JWT_SECRET: text(),
  ACCESS_TOKEN_TTL_SECONDS: integer({ min: 60, fallback: 900 }),
  REFRESH_TOKEN_TTL_DAYS: integer({ min: 1, fallback: 7 }),
  IDP_PORT: port(3002),
  WEB_PORT: port(3000),
  WEB_URL: url(),
  OIDC_ISSUER: url(),
  OIDC_CLIENT_ID: text('planillas-web'),
  OIDC_CLIENT_SECRET: text('planillas-dev-secret'),
  OIDC_REDIRECT_URI: url(),
  OIDC_INTERNAL_URL: url(),
  RUC_LOOKUP_URL: url(),
  RUC_LOOKUP_TOKEN: text(),
  DNI_LOOKUP_URL: url(),
  DNI_LOOKUP_TOKEN: text(),
  REQUEST_TIMEOUT_SECONDS: integer({ min: 1, fallback: 120 }),
  AUTH_RATE_LIMIT_MAX: integer({ min: 1, fallback: 120 }),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: integer({ min: 1, fallback: 60 }),
  LIST_TIMEOUT_MS: integer({ min: 1, fallback: 3000 }),
  CONTRACT_EXPIRY_NOTICE_DAYS: integer({ min: 1, max: 365, fallback: DEFAULT_EXPIRY_NOTICE_DAYS }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  CLIENT_ADDRESS_SECRET: text(),
  EXPORT_MAX_PER_USER: integer({ min: 1, fallback: 2 }),
  EXPORT_MAX_TOTAL: integer({ min: 1, fallback: 4 }),
  BBVA_LINE_ENDING: oneOf(['LF', 'CRLF'], 'LF'),
  ...MAIL_ENV,
})

/**
 * With NODE_ENV=production a default, public or short JWT_SECRET would let anyone sign tokens, and
 * without CLIENT_ADDRESS_SECRET (the same on the web tier) the sign-in throttle would key on the web
 * tier's address: anyone could lock every user out at will. Neither may be left to each process.
 * The OIDC client secret is held to the same rule: the development one is published in this
 * repository, and whoever knows it exchanges codes as the application.
 */
const API_ENV_CHECKED = API_ENV.superRefine(
  productionSecrets('JWT_SECRET', 'CLIENT_ADDRESS_SECRET', 'OIDC_CLIENT_SECRET'),
)

/** Configuration read once from the environment; every variable is in the README's table. */
export type ApiConfig = {
  port: number
  host: string
  databaseUrl?: string
  /** PostgreSQL itself when `databaseUrl` is a transaction pooler (PgBouncer). */
  databaseDirectUrl?: string
  pgliteDir?: string
  redisUrl?: string
  queuePrefix?: string
  logLevel: (typeof LOG_LEVELS)[number]
  jwtSecret: string
  accessTokenTtlSeconds: number
  refreshTokenTtlDays: number
  oidc: {
    issuer: string
    clientId: string
    clientSecret: string
    redirectUri: string
    /** Where the servers reach the provider when the browser's address does not work for them (containers). */
    internalUrl?: string
  }
  rucLookupUrl?: string
  rucLookupToken?: string
  dniLookupUrl?: string
  dniLookupToken?: string
  /** Longest a client may take to send one whole request (headers and body); slower ones get 408. */
  requestTimeoutMs: number
  /** Sign-in and token refresh: at most `max` calls per client address in `windowMs`, each route. */
  authRateLimit: { max: number; windowMs: number }
  /** Where uploaded files are kept (the worker reads the same directory). */
  filesDir: string
  /** `STORAGE`, `FILES_DIR` and `S3_*`, for `createStorage`. */
  storageEnv: StorageEnv
  /** A contract turns POR VENCER this many days before its end date. */
  contractExpiryNoticeDays: number
  /**
   * Shared with the web tier: proves its header with the browser's address (auth/client-address.ts).
   * Unset: the sign-in throttle keys on the connection's address.
   */
  clientAddressSecret?: string
  /** Spreadsheet exports streaming at once: per user and in this process; more get 429. */
  exportLimits: { perUser: number; total: number }
  /**
   * Line end of BBVA Net Cash files: not confirmed by the bank. 'LF' (no final one) as one public
   * implementation read it from BBVA's macro, 'CRLF' as another writes it (docs/bank-files.md).
   */
  bbvaLineEnding: 'LF' | 'CRLF'
  /** Statement timeout of a list's queries (lists/guard.ts); past it the list answers 503. */
  listTimeoutMs: number
  /** The SMTP server the boletas go through (SMTP_*), or null: none, they are delivered by hand. */
  mail: MailSettings | null
  /** The web tier's public address: the boletas' acknowledgement links point at it. */
  webUrl: string
}

/**
 * The API's configuration from `env` (a bad value throws `ConfigError`, in Spanish), with
 * `overrides` on top (tests, the launcher).
 */
export function loadConfig(overrides: Partial<ApiConfig> = {}, env: Env = process.env): ApiConfig {
  const e = parseEnv(API_ENV_CHECKED, env)
  const webUrl = e.WEB_URL ?? `http://localhost:${e.WEB_PORT}`
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    pgliteDir: e.PGLITE_DIR,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    logLevel: e.LOG_LEVEL,
    // Without a configured secret each process signs its own: access tokens are short-lived and
    // the refresh token (stored in the database) gets a new one after a restart. The launchers
    // pass a secret kept in .data/jwt-secret instead (auth/secret.ts). Production requires one.
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    oidc: {
      issuer: e.OIDC_ISSUER ?? `http://localhost:${e.IDP_PORT}`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      redirectUri: e.OIDC_REDIRECT_URI ?? `${webUrl}/login/callback`,
      internalUrl: e.OIDC_INTERNAL_URL,
    },
    rucLookupUrl: e.RUC_LOOKUP_URL,
    rucLookupToken: e.RUC_LOOKUP_TOKEN,
    dniLookupUrl: e.DNI_LOOKUP_URL,
    dniLookupToken: e.DNI_LOOKUP_TOKEN,
    // 120 s carries a 100 MB upload at ~7 Mbit/s; a body dribbled slower than that is cut off.
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    filesDir: e.FILES_DIR,
    storageEnv: storageEnvOf(e),
    contractExpiryNoticeDays: e.CONTRACT_EXPIRY_NOTICE_DAYS,
    clientAddressSecret: e.CLIENT_ADDRESS_SECRET,
    // Two per user covers a clerk exporting two lists; four in all keeps a two-core API answering.
    exportLimits: { perUser: e.EXPORT_MAX_PER_USER, total: e.EXPORT_MAX_TOTAL },
    bbvaLineEnding: e.BBVA_LINE_ENDING,
    listTimeoutMs: e.LIST_TIMEOUT_MS,
    mail: mailSettingsOf(e),
    webUrl,
    ...overrides,
  }
}
