import { ContractFilterSchema, MESSAGES, withSelection } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { contractExportColumns } from './export-columns'
import { previewContract, renewalPrefill } from './preview'
import * as q from './queries'
import { createContract, type SaveContext, updateContract } from './save'
import { changeContractStatus } from './status'

const tags = ['contracts']
const LIST_DESCRIPTION =
  'Filtros: search (número de documento o nombres y apellidos del colaborador, o número de contrato), ' +
  'status (1 VIGENTE, 2 POR VENCER, 3 FINALIZADO, 4 DESPEDIDO), contractInitiation y contractFinish ' +
  '(rangos {from, to} de las fechas de inicio y de fin), companyIds, areaIds, positionIds (cargos), contractType (duración).'
const STATUS_DESCRIPTION =
  'Transiciones: VIGENTE → FINALIZADO (3) o DESPEDIDO (4, con motivo); POR VENCER → FINALIZADO. ' +
  'Renovar un contrato POR VENCER es registrar uno nuevo con renewsContractId. El cuerpo admite ' +
  'reason (motivo) y date (fecha de cese, por defecto hoy).'

export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const context = (actor: string): SaveContext => ({
    db: app.db,
    actor,
    noticeDays: app.config.contractExpiryNoticeDays,
  })

  app.post('/list', {
    config: { permission: 'contratos_lista' },
    schema: {
      tags,
      description: LIST_DESCRIPTION,
      ...routeSchema('POST /contracts/list'),
    },
    handler: async (req) => ok(await q.listContracts(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/', {
    config: { permission: OPTION_PERMISSIONS.contratos },
    schema: {
      tags,
      description: 'Contratos vigentes y por vencer.',
      ...routeSchema('GET /contracts'),
    },
    handler: async () => ok(await q.currentContracts(app.db)),
  })

  app.post('/preview', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, ...routeSchema('POST /contracts/preview') },
    handler: async (req) => ok(await previewContract(app.db, req.body)),
  })

  app.get('/:id', {
    config: { permission: ['contratos_lista', 'contratos_edicion'] },
    schema: { tags, ...routeSchema('GET /contracts/:id') },
    handler: async (req) => ok(found(await q.getContract(app.db, req.params.id))),
  })

  app.get('/:id/renewal', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, ...routeSchema('GET /contracts/:id/renewal') },
    handler: async (req) => ok(await renewalPrefill(app.db, req.params.id)),
  })

  app.post('/', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, ...routeSchema('POST /contracts') },
    handler: async (req) => {
      const id = await createContract(context(req.user.email), req.body)
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, ...routeSchema('PUT /contracts/:id') },
    handler: async (req) => {
      await updateContract(context(req.user.email), req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })

  app.put('/:id/status', {
    config: { permission: 'contratos_edicion' },
    schema: {
      tags,
      description: STATUS_DESCRIPTION,
      ...routeSchema('PUT /contracts/:id/status'),
    },
    handler: async (req) => {
      await changeContractStatus(context(req.user.email), req.params.id, req.query.status, req.body)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/xlsx', {
    config: { permission: 'contratos_descarga_excel' },
    schema: { tags, description: LIST_DESCRIPTION, body: withSelection(ContractFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('contratos'),
        sheetName: 'Contratos',
        rows: exportRows(q.contractExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: contractExportColumns,
      }),
  })
}
