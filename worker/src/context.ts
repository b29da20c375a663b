import type { Database } from '@planillas/db'
import type { DatabaseWatch } from '@planillas/db/outage'
import type { MailSettings } from '@planillas/domain/mail-env'
import type { FileStorage } from '@planillas/storage'

export type Logger = {
  info: (message: string, details?: Record<string, unknown>) => void
  warn: (message: string, details?: Record<string, unknown>) => void
  error: (message: string, details?: Record<string, unknown>) => void
}

/** What every processor gets besides its payload: the same in the worker, in-process and in tests. */
export type WorkerContext = {
  db: Database
  storage: FileStorage
  log: Logger
  /** CONTRACT_EXPIRY_NOTICE_DAYS as the worker read it at start; unset, the domain's default. */
  noticeDays?: number
  /**
   * The worker process's outage watch: a batch job waits for a lost database instead of spending
   * its retries (pipeline/run.ts); without it an outage fails the attempt.
   */
  database?: DatabaseWatch
  /** The SMTP server the boletas are sent through (SMTP_*); null or absent: none configured. */
  mail?: MailSettings | null
  /** The web tier's public address (WEB_URL), for the boletas' acknowledgement links. */
  webUrl?: string
}

/** One JSON line per event on stdout/stderr, readable by people and log collectors alike. */
export function jsonLogger(bindings: Record<string, unknown> = {}): Logger {
  const write = (level: string, message: string, details?: Record<string, unknown>) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...bindings, ...details })
    if (level === 'error') process.stderr.write(`${line}\n`)
    else process.stdout.write(`${line}\n`)
  }
  return {
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  }
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }
