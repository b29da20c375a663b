import { createHash } from 'node:crypto'
import { Transform, type Writable } from 'node:stream'
import type { FileStorage } from '@planillas/storage'

/** The store closed the stream under the writer: the store's own error is the one to report. */
export class StoreClosedError extends Error {
  constructor() {
    super('El almacenamiento cerró el archivo')
  }
}

/** Waits until `out` takes more, or fails when it was closed (the store gave up). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      if (out.destroyed) reject(new StoreClosedError())
      else resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}

/** Writes `bytes` to `out`, waiting while it is full. */
export async function push(out: Writable, bytes: Uint8Array) {
  if (out.destroyed) throw new StoreClosedError()
  if (!out.write(bytes)) await drained(out)
}

export type StoredFile = { key: string; size: number; sha256: string }

/**
 * Streams what `write` produces into the store, hashing and counting the bytes on the way. A
 * failing writer destroys the stream, so the store keeps nothing; its error is the one thrown.
 */
export async function storeStreamed(
  storage: FileStorage,
  meta: { name: string; contentType: string },
  write: (out: Writable) => Promise<void>,
): Promise<StoredFile> {
  const hash = createHash('sha256')
  let size = 0
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
  })
  // The stream's error reaches the caller through `writeError` or the store's rejection; without a
  // listener, a writer failing before the store has attached its pipeline (it creates its folder
  // first) would be an uncaught exception that ends the process.
  out.on('error', () => undefined)
  const stored = storage.put(out, meta)
  let writeError: unknown = null
  const writing = write(out).catch((error: unknown) => {
    writeError = error
    out.destroy(error as Error)
  })
  let key: string
  try {
    key = await stored
  } catch (error) {
    // The writer's own failure (the payroll changed) is the cause; else the store's (a full or
    // read-only disk), which the writer only saw as its stream closing.
    throw writeError && !(writeError instanceof StoreClosedError) ? writeError : error
  }
  await writing
  if (writeError) throw writeError
  return { key, size, sha256: hash.digest('hex') }
}
