import { readdirSync, readFileSync } from 'node:fs'

/**
 * What Linux's /proc says of a process the bench started: its memory and its CPU time. One reader
 * for every bench; each returns `undefined` where there is no /proc (or the process has gone).
 */

export type ProcessMemory = {
  /** Resident now (VmRSS), MB. */
  rss: number
  /** Resident at its peak since it started (VmHWM), MB. */
  hwm: number
  /** The anonymous and the file-backed parts of the resident memory (RssAnon, RssFile), MB. */
  anon: number
  file: number
}

/** A process's memory, in MB, from /proc/<pid>/status. */
export function processMemory(pid: number | undefined): ProcessMemory | undefined {
  if (pid === undefined) return undefined
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const field = (name: string) =>
    Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0) / 1024
  return { rss: field('VmRSS'), hwm: field('VmHWM'), anon: field('RssAnon'), file: field('RssFile') }
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms), from /proc/<pid>/stat. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/**
 * CPU time (ms) PostgreSQL's processes on this machine have used: every process named `postgres`,
 * and, for the postmaster, its children that have ended (a backend that closed its connection).
 */
export function postgresCpuMs(): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || !isPostgres(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue
    }
    const fields = stat.split(') ')[1].split(' ')
    total += (Number(fields[11]) + Number(fields[12])) * 10
    if (!isPostgres(fields[1])) total += (Number(fields[13]) + Number(fields[14])) * 10
  }
  return total
}

/** Whether the process is one of PostgreSQL's (its command name); false once it has gone. */
function isPostgres(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
  } catch {
    return false
  }
}
