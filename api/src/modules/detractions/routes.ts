import {
  centsAsSoles,
  FourthCategoryFileParamsSchema,
  FourthCategoryQuerySchema,
  formatRate,
  RetentionRegisterQuerySchema,
  voucherNumber,
  voucherType,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { conflict } from '../../lib/errors'
import { contentDisposition, exportFileName, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { fourthCategoryFile, fourthCategoryMonth } from './fourth-category'
import { listDetractions } from './queries'
import { recordDeposit, retentionRegister } from './service'

const tags = ['detractions']

/**
 * Detracciones, closed: the Banco de la Nación deposit's constancia by hand (SUNAT's file of them is
 * an upload kind, `/constancia-batches`; docs/decisions/detracciones-deposited.md), and the month's
 * retention register. Recording a
 * deposit is the treasurer's (pagos_pagar); the register is an export of the vouchers' list.
 */
export async function detractionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/list', {
    config: { permission: 'pagos_lista_lista' },
    schema: {
      tags,
      description:
        'Comprobantes con detracción: por depositar (APROBADO o PAGADO, sin constancia) o depositados. Filtros: ' +
        'search (serie-número, R.U.C. o razón social), states (pendiente: dentro del plazo; vencida: pasado el ' +
        '5.º día hábil del mes siguiente a la emisión; depositada), companyIds, supplierIds, period (AAAAMM de ' +
        'emisión), depositedOn {from, to}. Orden: issueDate (por defecto), supplierName, totalCents, ' +
        'detractionCents, depositedOn, id. Montos en céntimos.',
      ...routeSchema('POST /detractions/list'),
    },
    handler: async (req) => ok(await listDetractions(app.db, req.body ?? {}, listPage(req))),
  })

  app.post('/:id/deposit', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      description:
        'Registra la constancia del depósito de la detracción de un comprobante APROBADO o PAGADO.',
      ...routeSchema('POST /detractions/:id/deposit'),
    },
    handler: async (req) => {
      await recordDeposit(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, ['Se registró el depósito de la detracción'])
    },
  })
}

/**
 * 'Registro de retenciones': the month's IGV retentions per supplier, for the contador; and the
 * month's fourth-category retentions with PLAME's .ps4 and .4ta files.
 */
export async function retentionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/fourth-category', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags: ['detractions'],
      description:
        'Los recibos por honorarios (02) de la empresa PAGADOS en el periodo AAAAMM (por fecha de pago), con la ' +
        'retención de cuarta categoría retenida al pagar, y los nombres de los archivos del PLAME. Montos en céntimos.',
      ...routeSchema('GET /retentions/fourth-category'),
    },
    handler: async (req) => {
      const { receipts: _, ...month } = await fourthCategoryMonth(app.db, req.query)
      return ok(month)
    },
  })

  app.get('/fourth-category/files/:kind', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags: ['detractions'],
      description:
        'kind ps4: 0601AAAAMMRUC.ps4 (un prestador por línea); kind 4ta: 0601AAAAMMRUC.4ta (un recibo por línea). ' +
        "Un '|' después de cada campo, fin de línea CRLF, texto en mayúsculas sin tildes. Query: companyId, period.",
      params: FourthCategoryFileParamsSchema,
      querystring: FourthCategoryQuerySchema,
    },
    handler: async (req, reply) => {
      const file = await fourthCategoryFile(app.db, req.query, req.params.kind)
      if (file.problems.length) throw conflict(file.problems)
      if (file.count === 0) throw conflict('No hay recibos por honorarios pagados en el periodo')
      return reply
        .header('Content-Type', 'text/plain; charset=us-ascii')
        .header('Content-Disposition', contentDisposition(file.name))
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(file.text)
    },
  })
  app.get('/register/xlsx', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags: ['detractions'],
      description:
        'Las retenciones del IGV del mes (comprobantes PAGADOS en el periodo AAAAMM con retención), una fila ' +
        'por comprobante, por proveedor, con el código SUNAT del tipo y la fecha de pago: lo retenido al pagar ' +
        '(la orden de pago lo recalcula), para el comprobante de retención y el PDT 626. Total y pagado en la ' +
        'moneda del comprobante (columna Moneda); la retención en soles, al tipo de cambio SBS venta de la fecha de pago en dólares.',
      querystring: RetentionRegisterQuerySchema,
    },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName(`retenciones-${req.query.period}`),
        sheetName: 'Retenciones',
        rows: retentionRegister(app.db, req.query.period),
        columns: [
          { header: 'R.U.C. proveedor', width: 14, value: (r) => r.supplierRuc },
          { header: 'Proveedor', width: 34, value: (r) => r.supplierName },
          // SUNAT's code (tabla 10: 01 factura, 07 nota de crédito, 08 nota de débito, 12 ticket), as
          // the comprobante de retención and the PDT 626 write it.
          { header: 'Código tipo', width: 8, value: (r) => r.type },
          {
            header: 'Tipo',
            width: 22,
            value: (r) => voucherType[r.type as keyof typeof voucherType] ?? r.type,
          },
          { header: 'Serie y número', width: 16, value: (r) => voucherNumber(r.series, r.number) },
          { header: 'Emisión', width: 12, date: 'date', value: (r) => r.issueDate },
          // A voucher in dollars: its total and payment in dollars, the retention in soles at the
          // payment date's SBS venta rate (docs/decisions/usd-vouchers.md).
          { header: 'Moneda', width: 8, value: (r) => r.currency },
          { header: 'Total', width: 14, money: true, value: (r) => centsAsSoles(r.totalCents) },
          {
            header: 'Tipo de cambio',
            width: 10,
            value: (r) =>
              r.retentionExchangeRateMilli === null ? null : formatRate(r.retentionExchangeRateMilli),
          },
          { header: 'Fecha de pago', width: 12, date: 'date', value: (r) => r.paidOn },
          {
            header: 'Pagado',
            width: 14,
            money: true,
            value: (r) => (r.paidCents === null ? null : centsAsSoles(r.paidCents)),
          },
          { header: 'Retención', width: 12, money: true, value: (r) => centsAsSoles(r.retentionCents) },
        ],
      }),
  })
}
