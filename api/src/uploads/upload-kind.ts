import type { Executor } from '@planillas/db'
import { type Endpoint, type PageQuery, type PageResponse, XLSX_MIME } from '@planillas/domain'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ok, routeSchema } from '../lib/envelope'
import { found } from '../lib/errors'
import { sendAttachment } from '../lib/xlsx'
import { listPage } from '../lists/guard'
import type { ListPage } from '../lists/paging'
import { type BatchFileRoutes, batchFileRoutes } from './batch-routes'
import { type BatchUploadRoute, batchUploadRoute } from './batch-upload'

/**
 * One kind of upload in the API, declared once (docs/decisions/batch-pipeline.md, 'How to add an
 * upload kind'): its upload (the pipeline's kind: receive, check, record), its template, its list
 * and its batches' file and problems. `uploadKindRoutes` registers, under the module's prefix,
 * `POST /`, `GET /template/xlsx` (when it has a template), `POST /list`, `GET /:id`, `GET /:id/file`, `GET /:id/errors` and
 * `GET /:id/errors/xlsx`.
 */
export type UploadKindRoutes<R extends { stored: string[] }, U, S extends z.ZodType, P, B> = {
  tags: string[]
  /** Who sees the list, a batch and its problems (the upload's own permission is the upload's). */
  view: FastifyContextConfig['permission']
  upload: Omit<BatchUploadRoute<R, U>, 'tags'>
  /** The kind's Excel template; none for a file that comes as another system writes it (SUNAT's). */
  template?: { fileName: string; build: (db: Executor) => Promise<Buffer> }
  list: {
    /** The contract's endpoints of the list and of one batch (their schemas). */
    endpoint: Extract<Endpoint, `POST /${string}/list`>
    one: Extract<Endpoint, `GET /${string}/:id`>
    description: string
    page: (db: Executor, filter: never, page: ListPage) => Promise<PageResponse<B>>
    get: (db: Executor, id: number) => Promise<B | undefined>
    /** A batch as the API answers it (its file's download address…). */
    toRow: (batch: B) => unknown
  }
  files: Omit<BatchFileRoutes<S, P>, 'tags' | 'permission'>
}

const TEMPLATE_DESCRIPTION = 'La plantilla: encabezados, una fila de ejemplo y una hoja de notas.'

/** The routes of an upload kind (see `UploadKindRoutes`). */
export function uploadKindRoutes<R extends { stored: string[] }, U, S extends z.ZodType, P, B>(
  kind: UploadKindRoutes<R, U, S, P, B>,
) {
  const { tags, view, list } = kind
  return async function routes(app: FastifyInstance) {
    await app.register(batchUploadRoute({ ...kind.upload, tags }))

    const { template } = kind
    if (template)
      app.get('/template/xlsx', {
        config: { permission: view },
        schema: { tags, description: TEMPLATE_DESCRIPTION },
        handler: async (_req, reply) =>
          sendAttachment(reply, template.fileName, XLSX_MIME, await template.build(app.db)),
      })

    app.post('/list', {
      config: { permission: view },
      schema: { tags, description: list.description, ...routeSchema(list.endpoint) },
      handler: async (req) => {
        const query = req as FastifyRequest & { query: PageQuery }
        const page = await list.page(app.db, (req.body ?? {}) as never, listPage(query))
        return ok({ ...page, content: page.content.map(list.toRow) })
      },
    })

    app.get('/:id', {
      config: { permission: view },
      schema: { tags, ...routeSchema(list.one) },
      handler: async (req) =>
        ok(list.toRow(found(await list.get(app.db, (req.params as { id: number }).id)))),
    })

    await app.register(batchFileRoutes({ ...kind.files, tags, permission: view }))
  }
}
