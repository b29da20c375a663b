import { ConfigError, type Env, integer, nodeEnv, parseEnv, port, text, url } from '@planillas/domain/env'
import { z } from 'zod'

/**
 * Every variable the development identity provider reads (`npm run start:idp`), checked once when
 * it starts; the README's Configuration table is checked against it.
 */
export const IDP_ENV = z.object({
  NODE_ENV: nodeEnv(),
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

/** Why the development provider does not start: it signs anyone in as admin/admin. */
export const IDP_IN_PRODUCTION =
  'El proveedor de identidad de desarrollo no se inicia con NODE_ENV=production: acepta admin/admin. ' +
  'Configure el proveedor de la empresa (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).'

/** Refuses production: every way to start the provider (its own process, `npm start`) calls this. */
export function refuseProduction(env: Env = process.env) {
  if (env.NODE_ENV === 'production') throw new ConfigError([IDP_IN_PRODUCTION])
}

/** The provider's configuration; a bad value throws `ConfigError` (Spanish, naming the variable). */
export const loadIdpConfig = (env: Env = process.env) => {
  refuseProduction(env)
  return parseEnv(IDP_ENV, env)
}
