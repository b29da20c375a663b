import type { Transaction } from '@planillas/db'
import {
  DescriptionFilterSchema,
  enumLabel,
  MESSAGES,
  type PermissionRequirement,
  type RecordStatus,
  recordStatus,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { bulkStatusChangeHandler, statusChangeHandler } from '../../lib/status-change'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { type CatalogTable, catalogQueries } from './queries'
import { type CatalogSaveContext, catalogSaves } from './save'

export type CatalogOptions = {
  table: CatalogTable
  /** URL segment and OpenAPI tag; its endpoints are in the API contract (`ENDPOINTS`). */
  resource: 'areas' | 'positions' | 'expense-lines' | 'project-types' | 'reject-reasons'
  /**
   * Who may do what: a module's prefix (e.g. 'areas' → areas_lista, areas_edicion,
   * areas_descarga_excel, and its OPTION_PERMISSIONS), or each requirement spelled out (the
   * supplier payments' catalogues, maintained under one permission).
   */
  access:
    | { module: 'areas' | 'cargos' }
    | {
        list: PermissionRequirement
        edit: PermissionRequirement
        download: PermissionRequirement
        options: PermissionRequirement
      }
  /** Spanish noun with its article, e.g. { one: 'el área', title: 'Áreas' }. */
  noun: { one: string; title: string }
  duplicateMessage: string
  uniqueConstraint: string
}

/** Routes of a described catalog (areas, positions): the calls of one resource (docs/architecture.md, API conventions). */
export function catalogRoutes(options: CatalogOptions) {
  const q = catalogQueries(options.table)
  const { resource, noun } = options
  const access =
    'module' in options.access
      ? {
          list: `${options.access.module}_lista` as const,
          edit: `${options.access.module}_edicion` as const,
          download: `${options.access.module}_descarga_excel` as const,
          options: OPTION_PERMISSIONS[options.access.module],
        }
      : options.access
  const tags = [resource]
  const saves = catalogSaves({
    table: options.table,
    entity: resource,
    noun: noun.one,
    uniqueMessages: { [options.uniqueConstraint]: options.duplicateMessage },
  })

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    const context = (actor: string): CatalogSaveContext => ({ db: app.db, actor })

    app.post('/list', {
      config: { permission: access.list },
      schema: {
        tags,
        ...routeSchema(`POST /${resource}/list`),
      },
      handler: async (req) => ok(await q.list(app.db, req.body ?? {}, listPage(req))),
    })

    app.get('/', {
      config: { permission: access.options },
      schema: {
        tags,
        ...routeSchema(`GET /${resource}`),
      },
      handler: async () => ok(await q.active(app.db)),
    })

    app.get('/:id', {
      config: { permission: [access.list, access.edit].flat() },
      schema: { tags, ...routeSchema(`GET /${resource}/:id`) },
      handler: async (req) => ok(found(await q.get(app.db, req.params.id))),
    })

    app.post('/', {
      config: { permission: access.edit },
      schema: { tags, ...routeSchema(`POST /${resource}`) },
      handler: async (req) => {
        const id = await saves.create(context(req.user.email), req.body.description)
        return ok({ id }, [MESSAGES.saved])
      },
    })

    app.put('/:id', {
      config: { permission: access.edit },
      schema: { tags, ...routeSchema(`PUT /${resource}/:id`) },
      handler: async (req) => {
        await saves.update(context(req.user.email), req.params.id, req.body.description)
        return ok({ id: req.params.id }, [MESSAGES.saved])
      },
    })

    const statusChange = {
      entity: resource,
      noun: noun.one,
      statuses: recordStatus,
      get: q.get,
      set: (tx: Transaction, id: number, status: number) => q.setStatus(tx, id, status as RecordStatus),
      name: (row: { code: string }) => row.code,
    }
    app.put('/:id/status', {
      config: { permission: access.edit },
      schema: { tags, ...routeSchema(`PUT /${resource}/:id/status`) },
      handler: statusChangeHandler(app, statusChange),
    })
    app.put('/status', {
      config: { permission: access.edit },
      schema: { tags, ...routeSchema(`PUT /${resource}/status`) },
      handler: bulkStatusChangeHandler(app, statusChange),
    })

    app.post('/xlsx', {
      config: { permission: access.download },
      schema: { tags, body: withSelection(DescriptionFilterSchema).nullish() },
      handler: async (req, reply) =>
        sendWorkbook(reply, {
          fileName: exportFileName(resource),
          sheetName: noun.title,
          rows: exportRows(q.exportBatch(app.db, req.body ?? {}), req.body?.ids),
          columns: [
            { header: 'Código', width: 12, value: (r) => r.code },
            { header: 'Descripción', width: 40, value: (r) => r.description },
            { header: 'Estado', width: 14, value: (r) => enumLabel(recordStatus, r.status) },
            { header: 'Fecha de creación', width: 22, date: 'dateTime', value: (r) => r.createdAt },
          ],
        }),
    })
  }
}
