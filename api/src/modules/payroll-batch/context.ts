import type { FileStorage } from '@planillas/db/storage'
import type { JobQueue } from '@planillas/domain'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are kept (`.data/files` by default). */
    storage: FileStorage
    /** The job queue; null when this API runs alone without Redis (a worker's sweep enqueues later). */
    jobs: JobQueue | null
  }
}
