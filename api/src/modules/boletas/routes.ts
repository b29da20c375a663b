import { loadBoletas } from '@planillas/db'
import { boletaFileName, type JobPayloads, PayrollLineBoletaParamsSchema } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { clientAddress } from '../../auth/client-address'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { found, notFound } from '../../lib/errors'
import { holidaysOf } from '../../lib/holidays'
import { sendAttachment } from '../../lib/xlsx'
import { sendStoredFile } from '../../uploads/batch-upload'
import { getPayroll } from '../payroll/queries'
import {
  dateOrNull,
  employeeBoletas,
  lineStatuses,
  overdueBoletas,
  payrollBoletas,
  zipKeyOf,
} from './queries'
import { acknowledge, ackOf, BOLETA_MESSAGES, recordManualDelivery, requestRun } from './service'

const tags = ['boletas']

/**
 * The boletas de pago of a payroll (docs/decisions/boletas.md): one as a PDF, the payroll's as a
 * background job (a ZIP, or e-mails), the deliveries and their deadlines. Registered under
 * `/payroll`, beside the payroll's own routes.
 */
export async function payrollBoletaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/:id/lines/:lineId/boleta', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      description: 'La boleta de pago de una línea, en PDF.',
      params: PayrollLineBoletaParamsSchema,
    },
    handler: async (req, reply) => {
      const [boleta] = await loadBoletas(app.db, { payrollId: req.params.id, lineIds: [req.params.lineId] })
      if (!boleta) throw notFound(BOLETA_MESSAGES.lineNotFound)
      // pdf-lib is loaded with the first boleta, not when the API starts (api/src/lazy-load.test.ts).
      const { boletaPdf } = await import('@planillas/formats/boleta-pdf')
      const pdf = await boletaPdf(boleta)
      return sendAttachment(
        reply,
        boletaFileName(boleta.period, boleta.worker.identifier),
        'application/pdf',
        Buffer.from(pdf),
      )
    },
  })

  app.get('/:id/boletas', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      description: 'Boletas de la planilla: entregadas, confirmadas, pendientes, vencidas.',
      ...routeSchema('GET /payroll/:id/boletas'),
    },
    handler: async (req) => {
      found(await getPayroll(app.db, req.params.id))
      return ok(
        await payrollBoletas(app.db, req.params.id, await holidaysOf(app.db), app.config.mail !== null),
      )
    },
  })

  app.get('/:id/boletas/lines', {
    config: { permission: 'planillas_lista' },
    schema: { tags, ...routeSchema('GET /payroll/:id/boletas/lines') },
    handler: async (req) =>
      ok(await lineStatuses(app.db, req.params.id, req.query.lineIds, await holidaysOf(app.db))),
  })

  app.post('/:id/boletas/runs', {
    config: { permission: 'planillas_edicion' },
    schema: {
      tags,
      description:
        'Prepara las boletas de la planilla en segundo plano: kind 1 un ZIP para descargar, 2 el envío por correo.',
      ...routeSchema('POST /payroll/:id/boletas/runs'),
    },
    handler: async (req) => {
      found(await getPayroll(app.db, req.params.id))
      const run = await requestRun(
        app.db,
        req.user.email,
        req.params.id,
        req.body.kind,
        app.config.mail !== null,
      )
      const payload: JobPayloads['payroll-boletas'] = {
        payrollId: req.params.id,
        kind: req.body.kind as 1 | 2,
      }
      if (app.jobs) {
        const state = await app.jobs.state('payroll-boletas', payload)
        // A finished job keeps its id in the queue; forgetting it lets the same id run again.
        if (state === 'completed' || state === 'failed') await app.jobs.forget('payroll-boletas', payload)
        if (state !== 'waiting' && state !== 'active' && state !== 'delayed')
          await app.jobs.enqueue('payroll-boletas', payload)
      }
      return ok(run)
    },
  })

  app.get('/:id/boletas/zip', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      description: 'El ZIP de boletas de la planilla, una vez preparado.',
      params: IdParamsSchema,
    },
    handler: async (req, reply) => {
      const payroll = found(await getPayroll(app.db, req.params.id))
      const key = await zipKeyOf(app.db, payroll.id)
      if (!key) throw notFound('Las boletas de esta planilla aún no se han preparado')
      return sendStoredFile(reply, app.storage, {
        key,
        name: `boletas-${payroll.code}-${payroll.period}.zip`,
        contentType: 'application/zip',
      })
    },
  })

  app.post('/:id/lines/:lineId/boleta/delivery', {
    config: { permission: 'planillas_edicion' },
    schema: {
      tags,
      description: 'Registra a mano la entrega de la boleta de una línea (sin correo).',
      ...routeSchema('POST /payroll/:id/lines/:lineId/boleta/delivery'),
    },
    handler: async (req) => {
      await recordManualDelivery(app.db, req.user.email, req.params.id, req.params.lineId)
      const [status] = await lineStatuses(
        app.db,
        req.params.id,
        [req.params.lineId],
        await holidaysOf(app.db),
      )
      return ok(status)
    },
  })
}

/** A worker's boletas by period (their details page); under `/employees`. */
export async function employeeBoletaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/:id/boletas', {
    config: { permission: 'planillas_lista' },
    schema: { tags, ...routeSchema('GET /employees/:id/boletas') },
    handler: async (req) => ok(await employeeBoletas(app.db, req.params.id, await holidaysOf(app.db))),
  })
}

/** Boletas past their deadline (the dashboard), and the public acknowledgement of receipt; under `/boletas`. */
export async function boletaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/overdue', {
    config: { permission: 'planillas_lista' },
    schema: { tags, ...routeSchema('GET /boletas/overdue') },
    handler: async () => ok(await overdueBoletas(app.db, await holidaysOf(app.db))),
  })

  const ackAnswer = (row: Awaited<ReturnType<typeof ackOf>>, already: boolean) => ({
    workerName: row.full_name,
    period: row.period,
    payrollCode: row.code,
    acknowledgedAt: dateOrNull(row.acknowledged_at),
    already,
  })

  app.get('/acknowledgements/:token', {
    config: { public: true },
    schema: {
      tags,
      description:
        'Pública: a quién y de qué periodo es la boleta del enlace, y si ya se confirmó su recepción.',
      ...routeSchema('GET /boletas/acknowledgements/:token'),
    },
    handler: async (req) => {
      const row = await ackOf(app.db, req.params.token)
      return ok(ackAnswer(row, row.acknowledged_at !== null))
    },
  })

  app.post('/acknowledgements/:token', {
    config: { public: true },
    schema: {
      tags,
      description:
        'Pública: el trabajador confirma que recibió su boleta (una vez; se guarda cuándo y desde qué dirección).',
      ...routeSchema('POST /boletas/acknowledgements/:token'),
    },
    handler: async (req) => {
      const { row, already } = await acknowledge(
        app.db,
        req.params.token,
        clientAddress(req, app.config.clientAddressSecret),
      )
      return ok(ackAnswer(row, already))
    },
  })
}
