/**
 * A small in-process cache of promises by key, for a few seconds, dropped whole by `clear()`.
 * Failed loads are not kept. `now` is injectable for tests.
 */
export function ttlCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key)
      if (hit && now() - hit.at < ttlMs) return hit.value
      const value = load()
      entries.set(key, { at: now(), value })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    clear() {
      entries.clear()
    },
  }
}
