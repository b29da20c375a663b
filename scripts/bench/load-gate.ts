import { availableParallelism, loadavg } from 'node:os'

/**
 * Every bench's guard against judging a target on a busy machine. A figure taken while other
 * processes compete for the cores says how loaded the machine was, not how fast the product is:
 * each bench reads the load average when it starts, refuses to run (exit 3, 'máquina ocupada') when
 * the 1-minute figure is above 1.5 per core, and prints the load beside every figure it gives.
 * `BENCH_IGNORE_LOAD=1` runs it anyway to see that it works: its figures are printed, no target is
 * judged, and it still ends with exit 3.
 */
export const BUSY_LOAD_PER_CORE = 1.5
/** The exit code of a bench that did not judge its targets because the machine was busy. */
export const BUSY_EXIT_CODE = 3
/** The exit code of a bench that judged its targets and missed at least one. */
export const MISSED_EXIT_CODE = 2

export type LoadReading = { oneMinute: number; fiveMinutes: number; fifteenMinutes: number; cores: number }

/** True when the 1-minute load average is above `BUSY_LOAD_PER_CORE` per core. */
export function isMachineBusy(reading: Pick<LoadReading, 'oneMinute' | 'cores'>): boolean {
  const cores = Math.max(1, reading.cores)
  return reading.oneMinute > BUSY_LOAD_PER_CORE * cores
}

/** The machine's load now. */
export function readLoad(): LoadReading {
  const [oneMinute, fiveMinutes, fifteenMinutes] = loadavg()
  return { oneMinute, fiveMinutes, fifteenMinutes, cores: availableParallelism() }
}

/** `carga 0.42 · 0.51 · 0.60 (2 núcleos)`: the 1, 5 and 15-minute load averages. */
export function describeLoad(reading: LoadReading): string {
  const f = (n: number) => n.toFixed(2)
  return `carga ${f(reading.oneMinute)} · ${f(reading.fiveMinutes)} · ${f(reading.fifteenMinutes)} (${reading.cores} núcleos)`
}

/**
 * The text with the load beside each line that holds a figure (a digit); other lines unchanged.
 * A pure function of its arguments, so that what is printed can be checked.
 */
export function stampLoad(text: string, reading: LoadReading): string {
  const note = `  [${describeLoad(reading)}]`
  return text
    .split('\n')
    .map((line) => (/\d/.test(line) ? `${line}${note}` : line))
    .join('\n')
}

/** What a bench does at its start, given the load then and whether it was told to ignore it. */
export function gateDecision(
  reading: LoadReading,
  ignoreLoad: boolean,
): { run: boolean; judge: boolean; message?: string } {
  if (!isMachineBusy(reading)) return { run: true, judge: true }
  const limit = (BUSY_LOAD_PER_CORE * Math.max(1, reading.cores)).toFixed(1)
  const message = `máquina ocupada: ${describeLoad(reading)}, por encima de ${limit}; las cifras no juzgarían una meta`
  return ignoreLoad
    ? { run: true, judge: false, message: `${message} (BENCH_IGNORE_LOAD: se corre sin juzgar metas)` }
    : { run: false, judge: false, message }
}

let judging = true

/** Prints the lines with the load beside every figure. */
export function report(...lines: string[]): void {
  console.log(stampLoad(lines.join(' '), readLoad()))
}

/**
 * The start of every bench: prints the load; exits 3 with 'máquina ocupada' on a busy machine
 * (unless BENCH_IGNORE_LOAD=1, when it runs without judging its targets).
 */
export function gateOnLoad(bench: string, env: Record<string, string | undefined> = process.env): void {
  const reading = readLoad()
  const decision = gateDecision(reading, env.BENCH_IGNORE_LOAD === '1')
  judging = decision.judge
  if (!decision.message) {
    console.log(`${bench}: ${describeLoad(reading)}`)
    return
  }
  console.error(`${bench}: ${decision.message}`)
  if (!decision.run) process.exit(BUSY_EXIT_CODE)
}

/**
 * The end of every bench: the targets missed, judged only when the machine was quiet at the start
 * (exit 2 when one was missed); on a busy machine exit 3 whatever the figures said.
 */
export function judgeTargets(bench: string, missed: string[]): void {
  const reading = readLoad()
  if (!judging) {
    console.error(`${bench}: metas sin juzgar (máquina ocupada al empezar; ahora ${describeLoad(reading)})`)
    process.exitCode = BUSY_EXIT_CODE
    return
  }
  if (missed.length === 0) {
    console.log(`${bench}: metas alcanzadas  [${describeLoad(reading)}]`)
    return
  }
  console.log(`${bench}: metas no alcanzadas: ${missed.join('; ')}  [${describeLoad(reading)}]`)
  process.exitCode = MISSED_EXIT_CODE
}
