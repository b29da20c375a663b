import { companies, companyBankAccounts, paymentOrders } from '@planillas/db'
import { FileNotFoundError } from '@planillas/db/storage'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, IdParamsSchema, ok } from '../../lib/envelope'
import { badRequest, found, notFound } from '../../lib/errors'
import { contentDisposition } from '../../lib/xlsx'
import { generatePaymentOrder, PAYMENT_FORMATS, problemText } from './generate'

const tags = ['payment-orders']

const OrderBodySchema = z.object({
  payrollId: z.coerce.number({ error: 'Planilla es requerida' }).int().positive('Planilla es requerida'),
  companyAccountId: z.coerce
    .number({ error: 'Cuenta de cargo es requerida' })
    .int()
    .positive('Cuenta de cargo es requerida'),
  format: z.enum(['BCP', 'CCI'], { error: 'Formato del banco es requerido' }),
  paymentDate: z.iso.date({ error: 'Fecha de pago inválida: use el formato DD/MM/AAAA' }),
  reference: z
    .string({ error: 'Referencia es requerida' })
    .trim()
    .min(1, 'Referencia es requerida')
    .max(40, 'Referencia admite como máximo 40 caracteres'),
})

const OrderRowSchema = z.object({
  id: z.number(),
  payrollId: z.number(),
  format: z.string(),
  paymentDate: z.string(),
  reference: z.string(),
  lineCount: z.number(),
  totalAmount: z.number(),
  checksum: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
  account: z.string(),
  bankCode: z.string(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
})

const AccountOptionSchema = z.object({
  id: z.number(),
  bankCode: z.string(),
  currency: z.string(),
  account: z.string(),
  companyName: z.string(),
})

/** 'Generar archivo de pago' (issue 14): bank payment files of a payroll, listed and downloadable. */
export async function paymentOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/formats', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      response: { 200: envelopeOf(z.array(z.object({ code: z.string(), label: z.string() }))) },
    },
    handler: async () => ok(Object.entries(PAYMENT_FORMATS).map(([code, f]) => ({ code, label: f.label }))),
  })

  app.get('/accounts', {
    config: { permission: 'planillas_pago' },
    schema: {
      tags,
      description: 'Cuentas de cargo activas de las empresas.',
      response: { 200: envelopeOf(z.array(AccountOptionSchema)) },
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
      body: OrderBodySchema,
      response: {
        200: envelopeOf(z.object({ id: z.number(), lineCount: z.number(), totalAmount: z.number() })),
      },
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
      querystring: z.object({ payrollId: z.coerce.number().int().positive() }),
      response: { 200: envelopeOf(z.array(OrderRowSchema)) },
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
