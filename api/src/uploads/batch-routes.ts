import type { BatchTable, Executor } from '@planillas/db'
import { PageQuerySchema, type PageResponse, XLSX_MIME } from '@planillas/domain'
import { eq } from 'drizzle-orm'
import type { FastifyContextConfig, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { envelopeOf, IdParamsSchema, ok, pageOf } from '../lib/envelope'
import { found } from '../lib/errors'
import { type ExportColumn, sendWorkbook } from '../lib/xlsx'
import { listPage } from '../lists/guard'
import type { ListPage } from '../lists/paging'
import { sendStoredFile } from './batch-upload'

/**
 * The reading side of the batch pipeline, one for payrolls and payments: a batch's row with its
 * file, the stored Excel as a download, and the problems its job found, as a page and as a
 * workbook. Each kind gives its table, its words and its problems' query and columns.
 */
export type { BatchTable }

/** The stored Excel of a batch (key and original name); undefined for an unknown batch. */
export const getBatchFile = async (db: Executor, table: BatchTable, id: number) =>
  (
    await db.select({ fileKey: table.fileKey, fileName: table.fileName }).from(table).where(eq(table.id, id))
  )[0]

/** A batch: the upload date, the file {name, url, size} with its download address (`path`). */
export function withBatchFile<R extends { id: number; fileName: string; fileSize: number; createdAt: Date }>(
  row: R,
  path: string,
) {
  const { fileName, fileSize, createdAt, ...rest } = row
  return {
    ...rest,
    uploadDate: createdAt,
    file: { name: fileName, url: `/api/v1/${path}/${row.id}/file`, size: fileSize },
  }
}

export type BatchFileRoutes<S extends z.ZodType, P> = {
  table: BatchTable
  tags: string[]
  /** Who sees the batch's problems. */
  permission: FastifyContextConfig['permission']
  /**
   * The stored file's download: who may, what the API docs say of it, and the media type of a text
   * file of the kind (.csv or .txt: SUNAT's constancias are text/csv; by default text/plain).
   */
  file: { permission: FastifyContextConfig['permission']; description: string; textType?: string }
  problems: {
    /** One problem as the page lists it. */
    schema: S
    description?: string
    page: (db: Executor, batchId: number, query: ListPage) => Promise<PageResponse<z.infer<S>>>
    /** Every problem as a workbook: its name, sheet, rows (in batches) and columns. */
    workbook: {
      description: string
      fileName: (batchId: number) => string
      sheetName: string
      rows: (db: Executor, batchId: number) => AsyncIterable<P[]>
      columns: ExportColumn<P>[]
    }
  }
}

/** `GET /:id/file`, `/:id/errors` and `/:id/errors/xlsx` of a batch module. */
export function batchFileRoutes<S extends z.ZodType, P>(route: BatchFileRoutes<S, P>) {
  const { tags, table, problems } = route
  return async function fileRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>()

    app.get('/:id/file', {
      config: { permission: route.file.permission },
      schema: { tags, params: IdParamsSchema, description: route.file.description },
      handler: async (req, reply) => {
        const batch = found(await getBatchFile(app.db, table, req.params.id))
        return sendStoredFile(reply, app.storage, {
          key: batch.fileKey,
          name: batch.fileName,
          // A batch's file is its Excel, a ZIP ('Carga de comprobantes' from XML, a SUNAT padrón),
          // or a text file (SUNAT's constancias, a padrón's TXT).
          contentType: /\.zip$/i.test(batch.fileName)
            ? 'application/zip'
            : /\.(csv|txt)$/i.test(batch.fileName)
              ? (route.file.textType ?? 'text/plain')
              : XLSX_MIME,
        })
      },
    })

    app.get('/:id/errors', {
      config: { permission: route.permission },
      schema: {
        tags,
        description: problems.description,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: envelopeOf(pageOf(problems.schema)) },
      },
      handler: async (req) => {
        found(await getBatchFile(app.db, table, req.params.id))
        return ok(await problems.page(app.db, req.params.id, listPage(req)))
      },
    })

    app.get('/:id/errors/xlsx', {
      config: { permission: route.permission },
      schema: { tags, params: IdParamsSchema, description: problems.workbook.description },
      handler: async (req, reply) => {
        found(await getBatchFile(app.db, table, req.params.id))
        const { workbook } = problems
        return sendWorkbook(reply, {
          fileName: workbook.fileName(req.params.id),
          sheetName: workbook.sheetName,
          rows: workbook.rows(app.db, req.params.id),
          columns: workbook.columns,
        })
      },
    })
  }
}
