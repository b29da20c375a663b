import { describe, expect, it } from 'vitest'
import { ttlCache } from './ttl-cache'

describe('ttlCache', () => {
  it('answers a key from memory until it expires, per key', async () => {
    let clock = 0
    let loads = 0
    const cache = ttlCache<number>(30_000, () => clock)
    const load = async () => ++loads
    expect(await cache.get('admin', load)).toBe(1)
    expect(await cache.get('admin', load)).toBe(1)
    expect(await cache.get('lector', load)).toBe(2)
    clock = 30_000
    expect(await cache.get('admin', load)).toBe(3)
  })

  it('forgets everything on clear, and never keeps a failure', async () => {
    const cache = ttlCache<string>(30_000, () => 0)
    expect(await cache.get('k', async () => 'old')).toBe('old')
    cache.clear()
    expect(await cache.get('k', async () => 'new')).toBe('new')
    const failing = ttlCache<string>(30_000, () => 0)
    await expect(failing.get('k', async () => Promise.reject(new Error('caída')))).rejects.toThrow('caída')
    await Promise.resolve()
    expect(await failing.get('k', async () => 'ok')).toBe('ok')
  })
})
