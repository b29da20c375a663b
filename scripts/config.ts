import { type Env, LOG_LEVELS, nodeEnv, oneOf, parseEnv, port, text, url } from '@planillas/domain/env'
import { z } from 'zod'

/**
 * Every variable `npm start` (scripts/start.ts) reads itself, checked once when it starts; the API
 * and the web tier it runs in its process check theirs too (API_ENV, WEB_ENV). The README's
 * Configuration table is checked against it.
 */
export const START_ENV = z.object({
  NODE_ENV: nodeEnv(),
  HOST: text('127.0.0.1'),
  WEB_PORT: port(3000),
  API_PORT: port(3001),
  IDP_PORT: port(3002),
  WEB_URL: url(),
  DATABASE_URL: text(),
  PGLITE_DIR: text('.data/pglite'),
  OIDC_ISSUER: url(),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'warn'),
})

/** The launcher's configuration; a bad value throws `ConfigError` (Spanish, naming the variable). */
export const loadStartConfig = (env: Env = process.env) => parseEnv(START_ENV, env)
