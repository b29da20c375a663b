import { companies, companyBankAccounts, paymentOrders } from '@planillas/db'
import { FileNotFoundError } from '@planillas/storage'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { badRequest, found, notFound } from '../../lib/errors'
import { contentDisposition } from '../../lib/xlsx'
import { generatePaymentOrder, PAYMENT_FORMATS, problemText } from './generate'

const tags = ['payment-orders']

/** 'Generar archivo de pago' (issue 14): bank payment files of a payroll, listed and downloadable. */
export async function paymentOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/formats', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      ...routeSchema('GET /payment-orders/formats'),
    },
    handler: async () => ok(Object.entries(PAYMENT_FORMATS).map(([code, f]) => ({ code, label: f.label }))),
  })

  app.get('/accounts', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description: 'Cuentas de cargo activas de las empresas.',
      ...routeSchema('GET /payment-orders/accounts'),
    },
    handler: async () =>
      ok(
        await app.db
          .select({
            id: companyBankAccounts.id,
            bankCode: companyBankAccounts.bankCode,
            currency: companyBankAccounts.currency,
            account: companyBankAccounts.account,
            companyName: companies.name,
          })
          .from(companyBankAccounts)
          .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
          .where(eq(companyBankAccounts.status, 1))
          .orderBy(companies.name, companyBankAccounts.id),
      ),
  })

  app.post('/', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description:
        'Revisa todas las líneas contra el formato antes de escribir nada; con un problema no se genera el archivo y se listan todos (400).',
      ...routeSchema('POST /payment-orders'),
    },
    handler: async (req) => {
      const result = await generatePaymentOrder(app.db, app.storage, req.body, req.user.email)
      if (!result) throw notFound()
      if (!result.ok) throw badRequest(...result.problems.map(problemText))
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
      const rows = await app.db
        .select({
          id: paymentOrders.id,
          payrollId: paymentOrders.payrollId,
          format: paymentOrders.format,
          paymentDate: paymentOrders.paymentDate,
          reference: paymentOrders.reference,
          lineCount: paymentOrders.lineCount,
          totalAmount: paymentOrders.totalAmount,
          checksum: paymentOrders.checksum,
          fileName: paymentOrders.fileName,
          fileSize: paymentOrders.fileSize,
          sha256: paymentOrders.sha256,
          account: companyBankAccounts.account,
          bankCode: companyBankAccounts.bankCode,
          createdAt: paymentOrders.createdAt,
          createdBy: paymentOrders.createdBy,
        })
        .from(paymentOrders)
        .innerJoin(companyBankAccounts, eq(companyBankAccounts.id, paymentOrders.companyAccountId))
        .where(eq(paymentOrders.payrollId, req.query.payrollId))
        .orderBy(desc(paymentOrders.id))
      return ok(rows.map((r) => ({ ...r, totalAmount: Number(r.totalAmount) })))
    },
  })

  app.get('/:id/file', {
    config: { permission: 'planillas_pago' },
    schema: { tags, params: IdParamsSchema, description: 'El archivo de pago tal como se generó.' },
    handler: async (req, reply) => {
      const [order] = await app.db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, req.params.id)))
      found(order)
      try {
        const stream = await app.storage.get(order.fileKey)
        return reply
          .header('Content-Type', PAYMENT_FORMATS[order.format as keyof typeof PAYMENT_FORMATS].contentType)
          .header('Content-Disposition', contentDisposition(order.fileName))
          .header('Access-Control-Expose-Headers', 'Content-Disposition')
          .send(stream)
      } catch (error) {
        if (error instanceof FileNotFoundError)
          throw notFound('El archivo de pago ya no está en el almacenamiento')
        throw error
      }
    },
  })
}
