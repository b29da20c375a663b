import { type Env, integer, parseEnv, port, text, url } from '@planillas/domain/env'
import { z } from 'zod'

/**
 * Every variable the development identity provider reads (`npm run start:idp`), checked once when
 * it starts; the README's Configuration table is checked against it.
 */
export const IDP_ENV = z.object({
  IDP_PORT: port(3002),
  IDP_HOST: text('127.0.0.1'),
  OIDC_ISSUER: url(),
  OIDC_CLIENT_ID: text('planillas-web'),
  OIDC_CLIENT_SECRET: text('planillas-dev-secret'),
  WEB_URL: url(),
  WEB_PORT: port(3000),
  DEV_IDP_WEB_URLS: text(),
  DEV_IDP_LOGIN_MAX_FAILURES: integer({ min: 1, fallback: 10 }),
  DEV_IDP_LOGIN_WINDOW_SECONDS: integer({ min: 1, fallback: 300 }),
})

/** The provider's configuration; a bad value throws `ConfigError` (Spanish, naming the variable). */
export const loadIdpConfig = (env: Env = process.env) => parseEnv(IDP_ENV, env)
