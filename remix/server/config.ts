import {
  type Env,
  flag,
  integer,
  nodeEnv,
  parseEnv,
  port,
  productionSecrets,
  text,
  url,
} from '@planillas/domain/env'
import { z } from 'zod'

/**
 * Every variable the web tier reads, checked once when it starts (`startWebServer`, before the
 * Remix app loads); the README's Configuration table is checked against it. The server takes its
 * values from the object; the app's server modules (session, OIDC, API client) from the same object,
 * handed over before the build loads (remix/app/config.server.ts).
 */
export const WEB_ENV = z.object({
  NODE_ENV: nodeEnv(),
  WEB_PORT: port(3000),
  WEB_HOST: text(),
  HOST: text(),
  API_PORT: port(3001),
  /** One API address or several separated by commas (the web process fails over between them). */
  API_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .refine(
        (v) =>
          v.split(',').every((one) => {
            const u = one.trim()
            return URL.canParse(u) && /^https?:$/.test(new URL(u).protocol)
          }),
        { message: 'debe ser una o varias direcciones http:// o https:// completas, separadas por comas' },
      )
      .optional(),
  ),
  WEB_URL: url(),
  IDP_PORT: port(3002),
  SESSION_SECRET: text(),
  CLIENT_ADDRESS_SECRET: text(),
  COOKIE_SECURE: flag(),
  REQUEST_TIMEOUT_SECONDS: integer({ min: 1, fallback: 120 }),
  OIDC_ISSUER: url(),
  OIDC_CLIENT_ID: text('planillas-web'),
  OIDC_REDIRECT_URI: url(),
  OIDC_POST_LOGOUT_REDIRECT_URI: url(),
  OIDC_INTERNAL_URL: url(),
  REMIX_BUILD_DIR: text('build'),
  TRUST_PROXY: text(),
})

/**
 * With NODE_ENV=production a default, public or short SESSION_SECRET would let anyone open sessions;
 * without CLIENT_ADDRESS_SECRET the API could not tell one browser from another (api/src/config.ts).
 */
const WEB_ENV_CHECKED = WEB_ENV.superRefine(productionSecrets('SESSION_SECRET', 'CLIENT_ADDRESS_SECRET'))

export type WebConfig = z.infer<typeof WEB_ENV> & { apiUrl: string; apiUrls: string[]; host?: string }

/** The web tier's configuration; a bad value throws `ConfigError` (Spanish, naming the variable). */
export function loadWebConfig(env: Env = process.env): WebConfig {
  const e = parseEnv(WEB_ENV_CHECKED, env)
  const apiUrls = (e.API_URL ?? `http://127.0.0.1:${e.API_PORT}`)
    .split(',')
    .map((one) => one.trim().replace(/\/+$/, ''))
    .filter(Boolean)
  return { ...e, apiUrl: apiUrls.join(','), apiUrls, host: e.WEB_HOST ?? e.HOST }
}
