/**
 * The API processes a web process calls (`API_URL`, one or several addresses separated by commas),
 * so that losing one API process costs no page (docs/decisions/api-failover.md). Calls go to each
 * address in turn; an address that could not be reached is tried last for `downForMs`. When a call
 * fails without an answer:
 * - a read (GET, HEAD) goes to the next address, whatever the failure: reading twice changes nothing;
 * - a write goes to the next address only when it never reached the API (the connection was
 *   refused or the address does not resolve): otherwise the API may have done it, and repeating it
 *   could do it twice, so the failure is the clerk's to see.
 */
export type ApiPool = {
  readonly urls: readonly string[]
  /** `attempt` on one address after another, as above; the last failure when none answered. */
  run<T>(
    method: string,
    attempt: (baseUrl: string) => Promise<T>,
    options?: { replayable?: boolean },
  ): Promise<T>
}

/** Failures that happen before a request leaves this process: nothing reached any API. */
const NEVER_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/** The error's code, or its cause's (fetch wraps the socket's error as `cause`). */
function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | null; e; e = e.cause as typeof e)
    if (typeof e.code === 'string') return e.code
  return undefined
}

/** True when the failed request never reached an API: safe to send anywhere else. */
export const neverReached = (error: unknown): boolean => NEVER_REACHED.has(codeOf(error) ?? '')

const READS = new Set(['GET', 'HEAD'])

/** Whether a call that failed this way may go to the next address. */
export function mayRetry(method: string, error: unknown, replayable = true): boolean {
  if (!replayable) return false
  return READS.has(method.toUpperCase()) || neverReached(error)
}

export function createApiPool(
  urls: readonly string[],
  { downForMs = 2_000, now = Date.now }: { downForMs?: number; now?: () => number } = {},
): ApiPool {
  if (urls.length === 0) throw new Error('API_URL no tiene ninguna dirección')
  const downUntil = new Map<string, number>()
  let next = 0
  /** Every address once: from the next in turn, those known down last. */
  const order = () => {
    const start = next
    next = (next + 1) % urls.length
    const turn = urls.map((_, i) => urls[(start + i) % urls.length])
    const up = turn.filter((url) => (downUntil.get(url) ?? 0) <= now())
    // One name for several processes (Docker's DNS for replicas): a second try opens a new
    // connection, which the name may send to another of them.
    if (urls.length === 1) return [urls[0], urls[0]]
    return [...up, ...turn.filter((url) => !up.includes(url))]
  }
  return {
    urls,
    async run(method, attempt, { replayable = true } = {}) {
      let failure: unknown
      for (const url of order()) {
        try {
          const result = await attempt(url)
          downUntil.delete(url)
          return result
        } catch (error) {
          failure = error
          downUntil.set(url, now() + downForMs)
          if (!mayRetry(method, error, replayable)) break
        }
      }
      throw failure
    },
  }
}
