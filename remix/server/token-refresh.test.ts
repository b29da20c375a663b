import { describe, expect, it } from 'vitest'
import { replaceCookie } from './token-refresh'

describe('replaceCookie', () => {
  it('swaps one cookie and keeps the others', () => {
    expect(replaceCookie('a=1; __planillas=viejo; b=2', '__planillas', '__planillas=nuevo')).toBe(
      'a=1; b=2; __planillas=nuevo',
    )
    expect(replaceCookie('__planillas_oidc=x', '__planillas', '__planillas=n')).toBe(
      '__planillas_oidc=x; __planillas=n',
    )
  })
})
