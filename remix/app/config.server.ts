import { loadWebConfig, type WebConfig } from '../server/config'

/**
 * Where the web server leaves the configuration it read at start (remix/server/web-server.ts)
 * before it imports the Remix build: the build is a bundle of its own, so the object is handed over
 * on `globalThis` under this key rather than through a module both would share.
 */
const WEB_CONFIG_KEY = Symbol.for('planillas.web-config')
const handedOver = globalThis as unknown as Record<symbol, WebConfig | undefined>

let current: WebConfig | undefined

/**
 * The web tier's configuration (remix/server/config.ts), read once: the web server's, or, when the
 * app runs without it (`react-router dev`, unit tests), the environment's through the same schema.
 */
export function webConfig(): WebConfig {
  current ??= handedOver[WEB_CONFIG_KEY] ?? loadWebConfig()
  return current
}

/** Hands the configuration read at start to the app's server modules (before the build loads). */
export function handOverWebConfig(config: WebConfig): void {
  handedOver[WEB_CONFIG_KEY] = config
  current = config
}
