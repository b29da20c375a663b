import { idNumber } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { badRequest, conflict, found, notFound } from '../../lib/errors'
import { sendStoredFile } from '../../uploads/batch-upload'
import { activeDebitAccounts } from '../companies/queries'
import { annulOrder, CLAIM_MESSAGES } from './claims'
import { problemText } from './engine'
import { formatLabel, PAYMENT_FORMATS, type PaymentFormat } from './formats'
import { nextFileOf } from './order-lines'
import { generatePaymentOrder } from './payroll-order'
import { ordersOfPayroll, payrollById, payrollOrder } from './queries'

const tags = ['payment-orders']

/** 'Generar archivo de pago': bank payment files of a payroll, listed and downloadable. */
export async function paymentOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/formats', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      ...routeSchema('GET /payment-orders/formats'),
    },
    handler: async () =>
      ok(
        (Object.keys(PAYMENT_FORMATS) as PaymentFormat[]).map((code) => ({
          code,
          label: formatLabel(code, app.config.bbvaLineEnding),
        })),
      ),
  })

  app.get('/accounts', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description: 'Cuentas de cargo activas de las empresas.',
      ...routeSchema('GET /payment-orders/accounts'),
    },
    handler: async () => ok(await activeDebitAccounts(app.db)),
  })

  app.post('/', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description:
        'Revisa todas las líneas contra el formato antes de escribir nada; con un problema no se genera el archivo y se listan todos (400). ' +
        'Cada línea está en una sola orden vigente: lleva las líneas libres; deja fuera las OBSERVADAS solo con confirmObserved, y reenvía las que el banco rechazó o no abonó solo con confirmResend (409 si la lista cambió). ' +
        'Sin líneas libres y con una orden vigente responde 409 salvo que confirmReplace sea true y replacesOrderId nombre esa orden (queda REEMPLAZADO). ' +
        'La reserva de las líneas se confirma antes de escribir el archivo: quien llega a la vez recibe su 409 de inmediato.',
      ...routeSchema('POST /payment-orders'),
    },
    handler: async (req) => {
      const result = await generatePaymentOrder(app.db, app.storage, req.body, req.user.email, {
        bbvaLineEnding: app.config.bbvaLineEnding,
      })
      if (!result) throw notFound()
      if (!result.ok) throw (result.conflict ? conflict : badRequest)(result.problems.map(problemText))
      return ok({ id: result.id, lineCount: result.lineCount, totalAmount: Number(result.totalAmount) }, [
        `Archivo de pago generado: ${result.lineCount} ${result.lineCount === 1 ? 'abono' : 'abonos'}`,
      ])
    },
  })

  app.get('/', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      ...routeSchema('GET /payment-orders'),
    },
    handler: async (req) => {
      const rows = await ordersOfPayroll(app.db, req.query.payrollId)
      return ok(
        rows.map((r) => ({ ...r, totalAmount: r.totalAmount === null ? null : Number(r.totalAmount) })),
      )
    },
  })

  app.get('/next-file', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description:
        'Lo que haría el próximo archivo de pago de la planilla: las líneas OBSERVADAS que deja fuera y las que el banco rechazó o no abonó que puede reenviar ' +
        '(las primeras 200 de cada lista, con su cantidad y el resumen `digest` que el usuario confirma en confirmObserved / confirmResend), las libres que lleva y lo ya enviado.',
      ...routeSchema('GET /payment-orders/next-file'),
    },
    handler: async (req) => {
      const payroll = await payrollById(app.db, req.query.payrollId)
      found(payroll)
      return ok(await nextFileOf(app.db, payroll.id))
    },
  })

  app.post('/:id/annul', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description:
        'Anula una orden vigente con un motivo: queda listada como ANULADO y sus líneas quedan libres para otro archivo.',
      ...routeSchema('POST /payment-orders/:id/annul'),
    },
    handler: async (req) => {
      const done = await annulOrder(app.db, req.params.id, req.body.reason, req.user.email, 'PAYROLL')
      if (done === null) throw notFound()
      if (!done) throw conflict(CLAIM_MESSAGES.annulNotOpen)
      return ok({ id: req.params.id }, [
        `Orden de pago N° ${req.params.id} anulada: sus líneas quedan libres`,
      ])
    },
  })

  app.get('/:id/file', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      params: IdParamsSchema,
      // The web tier names the payroll the page is about: another payroll's order is not found there.
      querystring: z.object({ payrollId: idNumber('Planilla inválida').optional() }),
      description:
        'El archivo de pago tal como se generó (404 si no es de la planilla payrollId, cuando se indica).',
    },
    handler: async (req, reply) => {
      const order = await payrollOrder(app.db, req.params.id, req.query.payrollId)
      found(order)
      // A GENERANDO or FALLIDO order has no file (yet).
      if (!order.fileKey) throw notFound('La orden de pago no tiene archivo: no se generó')
      return sendStoredFile(
        reply,
        app.storage,
        {
          key: order.fileKey,
          name: order.fileName,
          contentType: PAYMENT_FORMATS[order.format as keyof typeof PAYMENT_FORMATS].contentType,
        },
        'El archivo de pago ya no está en el almacenamiento',
      )
    },
  })
}
