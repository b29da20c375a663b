import { randomBytes } from 'node:crypto'

/** Configuration read once from the environment; every variable is in the README's table. */
export type ApiConfig = {
  port: number
  host: string
  databaseUrl?: string
  /** PostgreSQL itself when `databaseUrl` is a transaction pooler (PgBouncer). */
  databaseDirectUrl?: string
  pgliteDir?: string
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
}

const env = (name: string) => process.env[name] || undefined

export function loadConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  const idpPort = Number(env('IDP_PORT') ?? 3002)
  const webUrl = env('WEB_URL') ?? `http://localhost:${env('WEB_PORT') ?? 3000}`
  return {
    port: Number(env('API_PORT') ?? 3001),
    host: env('API_HOST') ?? '127.0.0.1',
    databaseUrl: env('DATABASE_URL'),
    databaseDirectUrl: env('DATABASE_DIRECT_URL'),
    pgliteDir: env('PGLITE_DIR'),
    // Without a configured secret each process signs its own: access tokens are short-lived and
    // the refresh token (stored in the database) gets a new one after a restart. The launchers
    // pass a secret kept in .data/jwt-secret instead (auth/secret.ts).
    jwtSecret: env('JWT_SECRET') ?? randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: Number(env('ACCESS_TOKEN_TTL_SECONDS') ?? 900),
    refreshTokenTtlDays: Number(env('REFRESH_TOKEN_TTL_DAYS') ?? 7),
    oidc: {
      issuer: env('OIDC_ISSUER') ?? `http://localhost:${idpPort}`,
      clientId: env('OIDC_CLIENT_ID') ?? 'planillas-web',
      clientSecret: env('OIDC_CLIENT_SECRET') ?? 'planillas-dev-secret',
      redirectUri: env('OIDC_REDIRECT_URI') ?? `${webUrl}/login/callback`,
      internalUrl: env('OIDC_INTERNAL_URL'),
    },
    rucLookupUrl: env('RUC_LOOKUP_URL'),
    rucLookupToken: env('RUC_LOOKUP_TOKEN'),
    dniLookupUrl: env('DNI_LOOKUP_URL'),
    dniLookupToken: env('DNI_LOOKUP_TOKEN'),
    // 120 s carries a 100 MB upload at ~7 Mbit/s; a body dribbled slower than that is cut off.
    requestTimeoutMs: Number(env('REQUEST_TIMEOUT_SECONDS') ?? 120) * 1000,
    authRateLimit: {
      max: Number(env('AUTH_RATE_LIMIT_MAX') ?? 120),
      windowMs: Number(env('AUTH_RATE_LIMIT_WINDOW_SECONDS') ?? 60) * 1000,
    },
    ...overrides,
  }
}
