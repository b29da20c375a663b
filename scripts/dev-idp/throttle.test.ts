import { describe, expect, it } from 'vitest'
import { createLoginThrottle, waitMessage } from './throttle'

describe('login throttle', () => {
  it('lets an address fail up to the limit, then makes it wait until its window ends', () => {
    const throttle = createLoginThrottle({ maxFailures: 2, windowMs: 60_000 })
    throttle.recordFailure('10.0.0.1', 0)
    expect(throttle.waitSeconds('10.0.0.1', 1_000)).toBe(0)
    throttle.recordFailure('10.0.0.1', 1_000)
    expect(throttle.waitSeconds('10.0.0.1', 1_000)).toBe(59)
    expect(throttle.waitSeconds('10.0.0.2', 1_000)).toBe(0)
    expect(throttle.waitSeconds('10.0.0.1', 60_000)).toBe(0)
  })

  it('says how long to wait in Spanish, singular and plural', () => {
    expect(waitMessage(1)).toBe('Demasiados intentos fallidos. Espere 1 segundo y vuelva a intentarlo.')
    expect(waitMessage(30)).toBe('Demasiados intentos fallidos. Espere 30 segundos y vuelva a intentarlo.')
    expect(waitMessage(60)).toBe('Demasiados intentos fallidos. Espere 1 minuto y vuelva a intentarlo.')
    expect(waitMessage(240)).toBe('Demasiados intentos fallidos. Espere 4 minutos y vuelva a intentarlo.')
  })
})
