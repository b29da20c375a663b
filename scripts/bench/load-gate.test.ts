import { describe, expect, it } from 'vitest'
import { describeLoad, gateDecision, isMachineBusy, type LoadReading, stampLoad } from './load-gate'

const reading = (oneMinute: number, cores = 2): LoadReading => ({
  oneMinute,
  fiveMinutes: 0.5,
  fifteenMinutes: 0.25,
  cores,
})

describe('the benches’ load gate', () => {
  it('calls the machine busy above 1.5 per core, by the 1-minute load average', () => {
    expect(isMachineBusy(reading(3.0, 2))).toBe(false)
    expect(isMachineBusy(reading(3.01, 2))).toBe(true)
    expect(isMachineBusy(reading(1.4, 1))).toBe(false)
    expect(isMachineBusy(reading(1.6, 1))).toBe(true)
    expect(isMachineBusy(reading(10, 8))).toBe(false)
    expect(isMachineBusy(reading(12.5, 8))).toBe(true)
    // A machine that reports no cores is taken as one.
    expect(isMachineBusy(reading(1.6, 0))).toBe(true)
  })

  it('runs and judges on a quiet machine; refuses on a busy one, in Spanish', () => {
    expect(gateDecision(reading(0.4), false)).toEqual({ run: true, judge: true })
    const busy = gateDecision(reading(4.2), false)
    expect(busy.run).toBe(false)
    expect(busy.judge).toBe(false)
    expect(busy.message).toMatch(
      /^máquina ocupada: carga 4\.20 · 0\.50 · 0\.25 \(2 núcleos\), por encima de 3\.0/,
    )
  })

  it('runs without judging when told to ignore the load', () => {
    const forced = gateDecision(reading(4.2), true)
    expect(forced).toMatchObject({ run: true, judge: false })
    expect(forced.message).toContain('sin juzgar metas')
    // Being told to ignore a load that is not there changes nothing.
    expect(gateDecision(reading(0.4), true)).toEqual({ run: true, judge: true })
  })

  it('puts the load beside every line that holds a figure', () => {
    const note = `  [${describeLoad(reading(0.7))}]`
    expect(stampLoad('Resultados:\n  p95 12 ms\n\n  3 rondas', reading(0.7))).toBe(
      `Resultados:\n  p95 12 ms${note}\n\n  3 rondas${note}`,
    )
  })
})
