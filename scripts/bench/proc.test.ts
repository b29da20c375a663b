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

  it('counts CPU time spent, as the process itself counts it', () => {
    // Spin until the process has spent 100 ms of CPU by its own count: on a busy machine that takes
    // longer than 100 ms of wall time, so the spin is bounded by CPU, not by the clock.
    const before = processCpuMs(process.pid) ?? Number.NaN
    const own = process.cpuUsage()
    const spent = () => {
      const used = process.cpuUsage(own)
      return (used.user + used.system) / 1000
    }
    const until = Date.now() + 20_000
    while (spent() < 100 && Date.now() < until);
    const ownMs = spent()
    expect(ownMs).toBeGreaterThanOrEqual(100)
    // /proc counts in ticks of 10 ms: within two ticks of the process's own count.
    expect((processCpuMs(process.pid) ?? Number.NaN) - before).toBeGreaterThanOrEqual(ownMs - 20)
  })

  it('answers nothing for a process that is not there', () => {
    expect(processMemory(2 ** 30)).toBeUndefined()
    expect(processCpuMs(2 ** 30)).toBeUndefined()
    expect(processMemory(undefined)).toBeUndefined()
  })
})
