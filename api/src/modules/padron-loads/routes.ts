import { padronLoadErrors, padronLoads } from '@planillas/db'
import { type PageQuery, UploadRefusedSchema } from '@planillas/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { listPage } from '../../lists/guard'
import { batchFileRoutes } from '../../uploads/batch-routes'
import { rowErrorProblems } from '../../uploads/batch-row-errors'
import { batchUploadRoute } from '../../uploads/batch-upload'
import * as q from './queries'
import { PADRON_UPLOAD } from './upload'

/** SUNAT's padrones are loaded and followed by administrators only. */
const PERMISSION = 'padrones_carga'
const tags = ['padron-loads']

/**
 * 'Mantenimiento › Padrones de SUNAT' (docs/decisions/sunat-padrones.md): the upload, the loads
 * and each load's file and problems. The pipeline's routes, as `uploadKindRoutes` registers them,
 * but for the template: SUNAT's file is the only layout.
 */
export async function padronLoadRoutes(app: FastifyInstance) {
  await app.register(
    batchUploadRoute({
      kind: PADRON_UPLOAD,
      permission: PERMISSION,
      tags,
      description:
        'Formulario multipart: kind (REDUCIDO, AGENTES_RETENCION, AGENTES_PERCEPCION, BUENOS_CONTRIBUYENTES), ' +
        'listDate (DD/MM/AAAA, la fecha del padrón; vacía: hoy) y file (el .zip que descarga de SUNAT o su .txt, ' +
        'hasta 600 MB, guardado mientras llega). Registra la carga PENDIENTE y encola su procesamiento: el padrón ' +
        'reducido reemplaza el registro de RUC entero; cada lista reemplaza sus periodos PADRON.',
      refusedSchema: UploadRefusedSchema,
    }),
  )

  app.post('/list', {
    config: { permission: PERMISSION },
    schema: {
      tags,
      description: 'Cargas de padrones, la más reciente primero. Filtros: kind, status.',
      ...routeSchema('POST /padron-loads/list'),
    },
    handler: async (req) => {
      const page = await q.listLoads(
        app.db,
        (req.body ?? {}) as never,
        listPage(req as FastifyRequest & { query: PageQuery }),
      )
      return ok({ ...page, content: page.content.map(q.toLoadRow) })
    },
  })

  app.get('/:id', {
    config: { permission: PERMISSION },
    schema: { tags, ...routeSchema('GET /padron-loads/:id') },
    handler: async (req) =>
      ok(q.toLoadRow(found(await q.getLoad(app.db, (req.params as { id: number }).id)))),
  })

  await app.register(
    batchFileRoutes({
      table: padronLoads,
      tags,
      permission: PERMISSION,
      file: { permission: PERMISSION, description: 'El archivo cargado, con su nombre original.' },
      problems: rowErrorProblems(padronLoadErrors, (id) => `errores-carga-padron-${id}.xlsx`),
    }),
  )
}
