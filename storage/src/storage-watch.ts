import { type FileStorage, StorageUnavailableError } from './file-storage'

export type StorageLogger = { warn: (message: string, details?: Record<string, unknown>) => void }

export const STORAGE_DOWN = 'Almacenamiento de archivos no disponible: se reintenta hasta que vuelva'
export const STORAGE_UP = 'Almacenamiento de archivos disponible de nuevo'

export type StorageWatch = FileStorage & {
  /** False from the first call that found the store unusable until a call or a probe works again. */
  readonly available: boolean
  close(): void
}

/** The innermost message of an error and its causes, with its code when it has one. */
function causeOf(error: unknown): string {
  let inner = error as { cause?: unknown; message?: unknown; code?: unknown } | null
  while (inner?.cause) inner = inner.cause as typeof inner
  const message = typeof inner?.message === 'string' ? inner.message : String(inner)
  const code = typeof inner?.code === 'string' ? inner.code : ''
  return code && !message.includes(code) ? `${message} (${code})` : message
}

/**
 * The store as the process uses it, watched as `db/src/outage.ts` watches the database: a lost
 * object store fails every upload at once; this turns them into one log line when the outage
 * starts (with its cause) and one when it ends, and probes the store (`check`) every
 * `probeEveryMs` meanwhile so the end is seen even when nobody uploads.
 */
export function watchStorage(
  storage: FileStorage,
  log: StorageLogger,
  { probeEveryMs = 5000 }: { probeEveryMs?: number } = {},
): StorageWatch {
  let downSince: number | null = null
  let probe: NodeJS.Timeout | undefined
  let probing = false

  const worked = () => {
    if (downSince === null) return
    clearInterval(probe)
    probe = undefined
    const downSeconds = Math.round((Date.now() - downSince) / 1000)
    downSince = null
    log.warn(STORAGE_UP, { downSeconds })
  }
  const tryOnce = async () => {
    if (probing) return
    probing = true
    await storage.check().then(worked, () => undefined)
    probing = false
  }
  const failed = (error: unknown) => {
    if (!(error instanceof StorageUnavailableError) || downSince !== null) return
    downSince = Date.now()
    log.warn(STORAGE_DOWN, { error: causeOf(error) })
    probe = setInterval(() => void tryOnce(), probeEveryMs)
    probe.unref()
  }
  const watched = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      const result = await call()
      worked()
      return result
    } catch (error) {
      failed(error)
      throw error
    }
  }

  const listKeys = storage.listKeys?.bind(storage)
  return {
    kind: storage.kind,
    get available() {
      return downSince === null
    },
    put: (body, meta) => watched(() => storage.put(body, meta)),
    get: (key) => watched(() => storage.get(key)),
    delete: (key) => watched(() => storage.delete(key)),
    check: () => watched(() => storage.check()),
    sweepTemporaries: (olderThanMs) => storage.sweepTemporaries(olderThanMs),
    ...(listKeys ? { listKeys } : {}),
    close() {
      clearInterval(probe)
    },
  }
}
