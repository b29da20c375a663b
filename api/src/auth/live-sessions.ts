import { closeWithDatabase, type Database, directConnectionConfig, type Executor } from '@planillas/db'
import pg from 'pg'

/** The channel on which a transaction that revokes sessions tells every API process (NOTIFY). */
export const SESSION_REVOKED_CHANNEL = 'planillas_session_revoked'

/** A remembered live session is read again after this long, whatever happened (a revocation by hand in SQL). */
const REMEMBER_MS = 30_000
/** Past this many sessions the memory starts over (each is read again once). */
const MAX_SESSIONS = 50_000
const RECONNECT_MS = 1_000

/**
 * The sessions this process has seen live, so the API's session check needs no database round
 * trip on every call (a read per call cost the cheapest lists a third of their pace).
 *
 * Safe because nothing is remembered unless a LISTEN connection is up: a transaction that revokes
 * sessions sends a NOTIFY, delivered at its commit, and any notification forgets everything. A
 * read that started before a forget (or before the LISTEN was in place) is not remembered (the
 * generation changed), so a check that raced the revocation is not kept. The revoking process
 * forgets at once after its own commit (`forgetLiveSessions`); others on the notification. When the
 * LISTEN connection is lost, every call reads the database again until it is back.
 */
export class LiveSessionCache {
  /** Session id → its user and until when it is trusted without reading it again. */
  private readonly live = new Map<number, { userId: number; until: number }>()
  private generation = 0
  private listening = false
  private listener: pg.Client | null = null
  private closed = false
  private retry: NodeJS.Timeout | null = null

  constructor(private readonly options: pg.ClientConfig) {
    this.listen()
  }

  /** Whether `sessionId` is remembered live and belongs to `userId` (a token names both). */
  has(sessionId: number, userId: number): boolean {
    const known = this.live.get(sessionId)
    if (known === undefined) return false
    if (this.listening && known.until > Date.now()) return known.userId === userId
    this.live.delete(sessionId)
    return false
  }

  /** Taken before reading a session; `fill` keeps the answer only if nothing was forgotten since. */
  startFill(): number | null {
    return this.listening ? this.generation : null
  }

  fill(sessionId: number, userId: number, generation: number): void {
    if (!this.listening || generation !== this.generation) return
    if (this.live.size >= MAX_SESSIONS) this.live.clear()
    this.live.set(sessionId, { userId, until: Date.now() + REMEMBER_MS })
  }

  forget(): void {
    this.generation++
    this.live.clear()
  }

  /** Whether sessions are being remembered (the LISTEN connection is up). */
  get active(): boolean {
    return this.listening
  }

  async close(): Promise<void> {
    this.closed = true
    this.stop()
    if (this.retry) clearTimeout(this.retry)
    const listener = this.listener
    this.listener = null
    await listener?.end().catch(() => undefined)
  }

  private stop() {
    this.listening = false
    this.forget()
  }

  private listen() {
    if (this.closed) return
    const client = new pg.Client(this.options)
    this.listener = client
    const lost = () => {
      if (this.listener !== client) return
      this.listener = null
      this.stop()
      client.end().catch(() => undefined)
      if (!this.closed) this.retry = setTimeout(() => this.listen(), RECONNECT_MS)
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => {
      if (message.channel === SESSION_REVOKED_CHANNEL) this.forget()
    })
    client
      .connect()
      .then(() => client.query(`listen ${SESSION_REVOKED_CHANNEL}`))
      .then(() => {
        if (this.listener !== client) return
        // Whatever was revoked before the LISTEN was in place is not remembered: start empty.
        this.forget()
        this.listening = true
      })
      .catch(lost)
  }
}

/** One cache per node-postgres pool (one database), closed with the database; none on PGlite. */
const caches = new WeakMap<pg.Pool, LiveSessionCache>()
export function liveSessionCacheOf(db: Executor): LiveSessionCache | undefined {
  const pool = (db as { $client?: unknown }).$client
  if (!(pool instanceof pg.Pool)) return undefined
  let cache = caches.get(pool)
  if (!cache) {
    const created = new LiveSessionCache(directConnectionConfig(pool))
    cache = created
    caches.set(pool, created)
    closeWithDatabase(db as Database, async () => {
      caches.delete(pool)
      await created.close()
    })
  }
  return cache
}
