import { describe, expect, it, vi } from 'vitest'
import { memoByString } from './memo'

describe('memoByString', () => {
  it('computes each argument once and keeps different arguments apart', () => {
    const length = vi.fn((s: string) => s.length)
    const memo = memoByString(length)
    expect([memo('ana'), memo('beto'), memo('ana'), memo('')]).toEqual([3, 4, 3, 0])
    expect(length).toHaveBeenCalledTimes(3)
  })

  it('stays bounded: once full it starts over', () => {
    const upper = vi.fn((s: string) => s.toUpperCase())
    const memo = memoByString(upper, 2)
    memo('a')
    memo('b')
    memo('c')
    memo('a')
    expect(upper.mock.calls.map(([s]) => s)).toEqual(['a', 'b', 'c', 'a'])
  })
})
