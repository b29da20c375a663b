import { rename, unlink, writeFile } from 'node:fs/promises'

/**
 * The worker's sign of life for a container healthcheck (docker-compose.yml): the file's content
 * and modification time are renewed every `everyMs` while the process's event loop runs. A process
 * stuck in one piece of work (or dead) lets it age; an outage of Redis or PostgreSQL does not, since
 * the worker waits those out on purpose (docs/decisions/outages-are-waited-out.md). A failed write is
 * retried at the next beat. Answers the function that stops it.
 */
export function startHeartbeat(file: string, everyMs: number, onError: (error: Error) => void): () => void {
  // Written beside it and renamed over it: a reader never sees a file half written.
  const next = `${file}.${process.pid}.tmp`
  let stopped = false
  // A beat whose write was under way when it stopped does not renew the file afterwards.
  const beat = () =>
    writeFile(next, `${new Date().toISOString()}\n`)
      .then(() => (stopped ? unlink(next) : rename(next, file)))
      .catch(onError)
  void beat()
  const timer = setInterval(beat, everyMs)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
  }
}
