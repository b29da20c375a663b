/**
 * Failed sign-ins per key (the provider uses client address and account) in a fixed window: after
 * `maxFailures` wrong passwords the key waits until its window ends. Successful sign-ins are not counted, so the end-to-end tests
 * (many sign-ins from 127.0.0.1) are never held up. In memory, as the provider's sessions are.
 */
export type LoginThrottle = {
  /** Seconds the address must still wait; 0 when it may try. */
  waitSeconds: (address: string, now?: number) => number
  recordFailure: (address: string, now?: number) => void
}

export type LoginThrottleOptions = { maxFailures: number; windowMs: number }

/** DEV_IDP_LOGIN_MAX_FAILURES (default 10) wrong passwords per DEV_IDP_LOGIN_WINDOW_SECONDS (300). */
export function loginThrottleFromEnv(
  env: Record<string, string | undefined> = process.env,
): LoginThrottleOptions {
  return {
    maxFailures: Number(env.DEV_IDP_LOGIN_MAX_FAILURES ?? 10),
    windowMs: Number(env.DEV_IDP_LOGIN_WINDOW_SECONDS ?? 300) * 1000,
  }
}

export function createLoginThrottle({ maxFailures, windowMs }: LoginThrottleOptions): LoginThrottle {
  const failures = new Map<string, { count: number; endsAt: number }>()
  const current = (address: string, now: number) => {
    const entry = failures.get(address)
    if (entry && entry.endsAt <= now) failures.delete(address)
    return entry && entry.endsAt > now ? entry : undefined
  }
  return {
    waitSeconds(address, now = Date.now()) {
      const entry = current(address, now)
      return entry && entry.count >= maxFailures ? Math.ceil((entry.endsAt - now) / 1000) : 0
    },
    recordFailure(address, now = Date.now()) {
      // Forget ended windows now and then, so a scan of many addresses cannot grow the map for ever.
      if (failures.size > 10_000) for (const key of failures.keys()) current(key, now)
      const entry = current(address, now)
      if (entry) entry.count++
      else failures.set(address, { count: 1, endsAt: now + windowMs })
    },
  }
}

/** "Espere 5 minutos", "Espere 1 minuto", "Espere 30 segundos" (es-PE, singular and plural). */
export function waitMessage(seconds: number): string {
  const wait =
    seconds >= 60
      ? `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minuto' : 'minutos'}`
      : `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`
  return `Demasiados intentos fallidos. Espere ${wait} y vuelva a intentarlo.`
}
