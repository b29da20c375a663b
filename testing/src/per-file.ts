import { afterAll, beforeAll } from 'vitest'

/**
 * An object that stands for the one `current()` returns when it is read: for what a test file
 * makes in its beforeAll but names at its top.
 */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key)
      // A proxy may only describe a property its empty target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}

/**
 * What a test file makes once, in its beforeAll (an app, a harness, fixtures), and closes in its
 * afterAll when it has a `close`. The object returned stands for it from the first test on, so
 * that the file can name it at the top (`const t = perFile(createTestApp)`) instead of declaring a
 * variable and its two hooks; reading it while the file loads, before its beforeAll, throws.
 * `timeout`: the beforeAll's, for what takes longer to make than vitest.config.ts's hookTimeout.
 */
export function perFile<T extends object>(make: () => Promise<T>, timeout?: number): T {
  let made: T | undefined
  beforeAll(async () => {
    made = await make()
  }, timeout)
  afterAll(async () => {
    await (made as { close?: () => unknown } | undefined)?.close?.()
  })
  return standIn(() => {
    if (!made) throw new Error('perFile: read before the beforeAll that makes it')
    return made
  })
}
