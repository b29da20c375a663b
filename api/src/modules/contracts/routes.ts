import {
  ContractFilterSchema,
  ContractPreviewSchema,
  ContractSchema,
  ContractStatusBodySchema,
  contractSettings,
  MESSAGES,
  PageQuerySchema,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { CreatedSchema, envelopeOf, IdParamsSchema, ok, pageOf } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { exportFileName, inBatches, sendWorkbook } from '../../lib/xlsx'
import { contractExportColumns } from './export-columns'
import { previewContract, renewalPrefill } from './preview'
import * as q from './queries'
import { createContract, type SaveContext, updateContract } from './save'
import {
  ContractDetailSchema,
  ContractOptionSchema,
  ContractPreviewResultSchema,
  ContractRowSchema,
  RenewalPrefillSchema,
} from './schemas'
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

const StatusChangeQuerySchema = z.object({
  status: z.coerce.number({ error: 'Estado inválido' }).int('Estado inválido'),
})

export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { expiryNoticeDays } = contractSettings(process.env)
  const context = (actor: string): SaveContext => ({ db: app.db, actor, noticeDays: expiryNoticeDays })

  app.post('/list', {
    config: { permission: 'contratos_lista' },
    schema: {
      tags,
      description: LIST_DESCRIPTION,
      querystring: PageQuerySchema,
      body: ContractFilterSchema.nullish(),
      response: { 200: envelopeOf(pageOf(ContractRowSchema)) },
    },
    handler: async (req) => ok(await q.listContracts(app.db, req.body ?? {}, req.query)),
  })

  app.get('/', {
    config: { permission: OPTION_PERMISSIONS.contratos },
    schema: {
      tags,
      description: 'Contratos vigentes y por vencer.',
      response: { 200: envelopeOf(z.array(ContractOptionSchema)) },
    },
    handler: async () => ok(await q.currentContracts(app.db)),
  })

  app.post('/preview', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, body: ContractPreviewSchema, response: { 200: envelopeOf(ContractPreviewResultSchema) } },
    handler: async (req) => ok(await previewContract(app.db, req.body)),
  })

  app.get('/:id', {
    config: { permission: ['contratos_lista', 'contratos_edicion'] },
    schema: { tags, params: IdParamsSchema, response: { 200: envelopeOf(ContractDetailSchema) } },
    handler: async (req) => ok(found(await q.getContract(app.db, req.params.id))),
  })

  app.get('/:id/renewal', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, params: IdParamsSchema, response: { 200: envelopeOf(RenewalPrefillSchema) } },
    handler: async (req) => ok(await renewalPrefill(app.db, req.params.id)),
  })

  app.post('/', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, body: ContractSchema, response: { 200: CreatedSchema } },
    handler: async (req) => {
      const id = await createContract(context(req.user.email), req.body)
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'contratos_edicion' },
    schema: { tags, params: IdParamsSchema, body: ContractSchema, response: { 200: CreatedSchema } },
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
      params: IdParamsSchema,
      querystring: StatusChangeQuerySchema,
      body: ContractStatusBodySchema,
      response: { 200: CreatedSchema },
    },
    handler: async (req) => {
      await changeContractStatus(context(req.user.email), req.params.id, req.query.status, req.body)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/xlsx', {
    config: { permission: 'contratos_descarga_excel' },
    schema: { tags, description: LIST_DESCRIPTION, body: ContractFilterSchema.nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('contratos'),
        sheetName: 'Contratos',
        rows: inBatches(q.contractExportBatch(app.db, req.body ?? {})),
        columns: contractExportColumns,
      }),
  })
}
