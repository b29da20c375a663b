import {
  Pdt626QuerySchema,
  pdt626Bytes,
  pdt626FileName,
  pdt626Text,
  retentionXml,
  retentionXmlFileName,
  reversalXml,
  reversalXmlFileName,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, routeSchema } from '../../lib/envelope'
import { createReversal, reversal, reversalsOfMonth, sendReversal } from './reversals'
import {
  annulRetentionReceipt,
  listRetentionReceipts,
  monthRetentionReceipts,
  retentionReceipt,
  sendRetentionReceipt,
} from './service'

const tags = ['retention-receipts']

/**
 * Comprobantes de retención electrónicos (docs/decisions/retention-receipts.md): issued when a
 * payment withholds IGV; listed by month, each one's XML (unsigned: the OSE signs and sends it),
 * the month's PDT 626 file, and 'marcar enviado' / 'anular' as the treasurer (pagos_pagar).
 */
export async function retentionReceiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/', {
    config: { permission: 'pagos_lista_lista' },
    schema: {
      tags,
      description:
        'Los comprobantes de retención emitidos en el periodo AAAAMM (period), opcionalmente de un estado ' +
        '(status: 1 PENDIENTE de envío, 2 ENVIADO, 3 ANULADO), con su plazo de envío. Montos en céntimos.',
      ...routeSchema('GET /retention-receipts'),
    },
    handler: async (req) => ok(await listRetentionReceipts(app.db, req.query)),
  })

  app.get('/pdt626', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags,
      description:
        'El archivo de importación del PDT 626 de la empresa (companyId) y el periodo AAAAMM (period): ' +
        '0626<RUC><AAAAMM>.TXT, una línea por comprobante relacionado de los comprobantes de retención no anulados.',
      querystring: Pdt626QuerySchema,
    },
    handler: async (req, reply) => {
      const { ruc, cres } = await monthRetentionReceipts(app.db, req.query.companyId, req.query.period)
      return reply
        .header('content-type', 'text/plain; charset=windows-1252')
        .header('content-disposition', `attachment; filename="${pdt626FileName(ruc, req.query.period)}"`)
        .send(Buffer.from(pdt626Bytes(pdt626Text(cres))))
    },
  })

  app.get('/:id/xml', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags,
      description:
        'El XML UBL 2.0 (Retention) del comprobante de retención, sin firmar: lo firma y envía el OSE.',
      params: z.object({ id: z.coerce.number().int().positive() }),
    },
    handler: async (req, reply) => {
      const cre = await retentionReceipt(app.db, req.params.id)
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${retentionXmlFileName(cre.agent.ruc, cre.series, cre.number)}"`,
        )
        .send(retentionXml(cre))
    },
  })

  app.post('/:id/send', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      description:
        'Marca como ENVIADO a SUNAT/OSE un comprobante de retención PENDIENTE, con la fecha de envío.',
      ...routeSchema('POST /retention-receipts/:id/send'),
    },
    handler: async (req) => {
      await sendRetentionReceipt(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, ['Se marcó el comprobante de retención como enviado'])
    },
  })

  app.post('/:id/annul', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      description:
        'Anula (reversión) un comprobante de retención con el motivo: queda registrado y su número no se vuelve a usar.',
      ...routeSchema('POST /retention-receipts/:id/annul'),
    },
    handler: async (req) => {
      await annulRetentionReceipt(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, ['Se anuló el comprobante de retención'])
    },
  })

  app.get('/reversals', {
    config: { permission: 'pagos_lista_lista' },
    schema: {
      tags,
      description:
        'Las reversiones: los comprobantes de retención enviados y luego anulados que aún no están en un resumen ' +
        '(por empresa y fecha de emisión) y los resúmenes diarios de reversiones generados en el periodo AAAAMM (period).',
      ...routeSchema('GET /retention-receipts/reversals'),
    },
    handler: async (req) => ok(await reversalsOfMonth(app.db, req.query.period)),
  })

  app.post('/reversals', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      description:
        'Genera el resumen diario de reversiones RR-AAAAMMDD-n de hoy con los comprobantes de retención de la empresa ' +
        'emitidos en referenceDate que se enviaron y luego se anularon (409 si no hay ninguno por comunicar).',
      ...routeSchema('POST /retention-receipts/reversals'),
    },
    handler: async (req) => {
      const made = await createReversal(app.db, req.user.email, req.body)
      return ok({ id: made.id }, [
        `Se generó el resumen de reversiones ${made.code} con ${made.count === 1 ? '1 comprobante' : `${made.count} comprobantes`}`,
      ])
    },
  })

  app.get('/reversals/:id/xml', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags,
      description:
        'El XML UBL 2.0 (VoidedDocuments) del resumen de reversiones, sin firmar: lo firma y envía el OSE.',
      params: z.object({ id: z.coerce.number().int().positive() }),
    },
    handler: async (req, reply) => {
      const summary = await reversal(app.db, req.params.id)
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${reversalXmlFileName(summary.agent.ruc, summary.issueDate, summary.sequence)}"`,
        )
        .send(reversalXml(summary))
    },
  })

  app.post('/reversals/:id/send', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      description:
        'Marca como ENVIADO a SUNAT/OSE un resumen de reversiones PENDIENTE, con la fecha de envío.',
      ...routeSchema('POST /retention-receipts/reversals/:id/send'),
    },
    handler: async (req) => {
      await sendReversal(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, ['Se marcó el resumen de reversiones como enviado'])
    },
  })
}
