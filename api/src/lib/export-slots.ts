import { HttpError } from './errors'

/** How many spreadsheet exports may stream at once: per user and in the whole process. */
export type ExportLimits = { perUser: number; total: number }

export const EXPORTS_BUSY_FOR_USER = (n: number) =>
  `Ya tiene ${n} ${n === 1 ? 'exportación' : 'exportaciones'} en curso. Espere a que ${n === 1 ? 'termine' : 'terminen'} para iniciar otra.`
export const EXPORTS_BUSY =
  'Hay demasiadas exportaciones en curso en este momento. Inténtelo nuevamente en unos segundos.'

/**
 * The exports running in this process. An export reads its whole list and builds a workbook, the
 * heaviest thing a read-only user can start: sixteen at once by one auditor made `/api/health`
 * take 1.6 s for everyone. Each takes a slot for as long as its file streams; past the
 * user's or the process's share the answer is a Spanish 429.
 */
export class ExportSlots {
  private readonly byUser = new Map<string, number>()
  private running = 0

  constructor(private readonly limits: ExportLimits) {}

  /** A slot for `user`, or a 429 to throw; the returned function frees it (once, however often called). */
  take(user: string): () => void {
    const mine = this.byUser.get(user) ?? 0
    if (mine >= this.limits.perUser) throw busy(EXPORTS_BUSY_FOR_USER(mine))
    if (this.running >= this.limits.total) throw busy(EXPORTS_BUSY)
    this.byUser.set(user, mine + 1)
    this.running++
    let freed = false
    return () => {
      if (freed) return
      freed = true
      this.running--
      const left = (this.byUser.get(user) ?? 1) - 1
      // An idle user leaves no entry behind: the map never outgrows the exports running now.
      if (left > 0) this.byUser.set(user, left)
      else this.byUser.delete(user)
    }
  }

  /** Exports streaming now (tests, health of the bound). */
  get inUse(): number {
    return this.running
  }
}

const busy = (message: string) => new HttpError(429, [message])
