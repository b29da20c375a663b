import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { postgresCpuMs, processCpuMs, processMemory } from './proc'

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

  it("counts PostgreSQL's CPU, a backend's that has since closed included", async () => {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('Esta prueba necesita DATABASE_URL (PostgreSQL).')
    const before = postgresCpuMs()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const started = Date.now()
    // About a second of one backend's CPU, whatever the machine's pace.
    while (Date.now() - started < 1000) await client.query('select sum(g) from generate_series(1, 2000000) g')
    await client.end()
    // The postmaster counts an ended backend once it has reaped it.
    const until = Date.now() + 5000
    let after = postgresCpuMs()
    while (after - before < 500 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      after = postgresCpuMs()
    }
    expect(after - before).toBeGreaterThanOrEqual(500)
  })
})
