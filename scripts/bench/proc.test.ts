import { describe, expect, it } from 'vitest'
import { processCpuMs, processMemory } from './proc'

describe('what /proc says of a process', () => {
  it("reads this process's memory: resident now, its peak, its anonymous and file parts", () => {
    const memory = processMemory(process.pid)
    expect(memory).toBeDefined()
    if (!memory) return
    expect(memory.rss).toBeGreaterThan(10)
    expect(memory.hwm).toBeGreaterThanOrEqual(memory.rss)
    expect(memory.anon + memory.file).toBeGreaterThan(0)
    expect(memory.anon + memory.file).toBeLessThanOrEqual(memory.rss + 1)
  })

  it('counts CPU time spent', () => {
    const before = processCpuMs(process.pid) ?? Number.NaN
    const until = Date.now() + 120
    let spin = 0
    while (Date.now() < until) spin++
    expect(spin).toBeGreaterThan(0)
    expect((processCpuMs(process.pid) ?? Number.NaN) - before).toBeGreaterThanOrEqual(50)
  })

  it('answers nothing for a process that is not there', () => {
    expect(processMemory(2 ** 30)).toBeUndefined()
    expect(processCpuMs(2 ** 30)).toBeUndefined()
    expect(processMemory(undefined)).toBeUndefined()
  })
})
