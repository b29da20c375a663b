import type { BullmqQueue } from '@planillas/queue'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

type PartState = 'ok' | 'error'
/** `disabled`: this API has no job queue (alone without REDIS_URL); uploads wait for a worker. */
type QueueState = PartState | 'disabled'

const MESSAGES = {
  database: 'Base de datos no disponible',
  queue: 'Servicio de colas (Redis) no disponible',
  storage: 'Almacenamiento de archivos no disponible',
} as const

const HealthSchema = z.object({
  status: z.enum(['OK', 'ERROR']),
  payload: z.object({
    database: z.enum(['ok', 'error']),
    queue: z.enum(['ok', 'error', 'disabled']),
    storage: z.enum(['ok', 'error']),
  }),
  messages: z.array(z.string()),
})

const outcome = (check: Promise<unknown>): Promise<PartState> =>
  check.then(
    (value) => (value === false ? 'error' : 'ok'),
    () => 'error',
  )

/**
 * `GET /api/health`: the database, the job queue and the file store, each checked for real (a
 * query, a Redis PING, a probe file written and removed). 200 when every part works, 503 naming
 * the parts that do not (load balancers and `docker compose` look only at the status).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', {
    config: { public: true },
    schema: {
      tags: ['health'],
      description: 'Estado de la base de datos, la cola de trabajos y el almacenamiento de archivos.',
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    handler: async (_req, reply) => {
      const jobs = app.jobs
      const [database, queue, storage] = await Promise.all([
        outcome(app.db.execute(sql`select 1`)),
        !jobs
          ? Promise.resolve<QueueState>('disabled')
          : jobs.kind === 'bullmq'
            ? outcome((jobs as BullmqQueue).available())
            : Promise.resolve<QueueState>('ok'),
        outcome(app.storage.check()),
      ])
      const parts = { database, queue, storage }
      const failing = (Object.keys(parts) as (keyof typeof parts)[]).filter((part) => parts[part] === 'error')
      return reply.code(failing.length ? 503 : 200).send({
        status: failing.length ? 'ERROR' : 'OK',
        payload: parts,
        messages: failing.map((part) => MESSAGES[part]),
      })
    },
  })
}
