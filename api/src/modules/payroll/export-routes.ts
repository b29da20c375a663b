import {
  enumLabel,
  identifierType,
  lineState,
  lineStateOf,
  PayrollFilterSchema,
  PayrollLineFilterSchema,
  payrollStatus,
  payrollType,
  periodLabel,
  reviewReasons,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { sentLineIds } from '../payment-orders/order-lines'
import * as q from './queries'

const tags = ['payroll']

const money = (value: string | number) => Number(value)
/** A line's review reasons as the export writes them, worked out once per combination of flags. */
const reasonsTexts = new Map<number, string>()
const reasonsText = (flags: number) => {
  const known = reasonsTexts.get(flags)
  if (known !== undefined) return known
  const text = reviewReasons(flags).join('; ')
  reasonsTexts.set(flags, text)
  return text
}

/** The payrolls' workbook and one payroll's details workbook ('Descargar Excel'). */
export async function payrollExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/xlsx', {
    config: { permission: 'planillas_descarga_excel' },
    schema: { tags, body: withSelection(PayrollFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('planillas'),
        sheetName: 'Planillas',
        rows: exportRows(q.payrollExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código', width: 16, value: (p) => p.code },
          { header: 'Periodo', width: 10, value: (p) => periodLabel(p.period) },
          { header: 'Nombre', width: 36, value: (p) => p.name },
          { header: 'Tipo', width: 18, value: (p) => enumLabel(payrollType, p.type) },
          { header: 'Colaboradores', width: 14, value: (p) => p.collaborators },
          { header: 'Monto Total a Pagar (S/)', width: 22, money: true, value: (p) => money(p.totalAmount) },
          { header: 'Abonados', width: 12, value: (p) => p.paidCount },
          { header: 'Total Pagado (S/)', width: 18, money: true, value: (p) => money(p.totalPaid) },
          { header: 'Progreso (%)', width: 12, value: (p) => p.progress },
          { header: 'Estado', width: 12, value: (p) => enumLabel(payrollStatus, p.status) },
          { header: 'Fecha de creación', width: 22, date: 'dateTime', value: (p) => p.createdAt },
        ],
      }),
  })

  app.post('/:id/lines/xlsx', {
    config: { permission: 'planillas_descarga_excel' },
    schema: { tags, params: IdParamsSchema, body: PayrollLineFilterSchema.nullish() },
    handler: async (req, reply) => {
      const payroll = found(await q.getPayroll(app.db, req.params.id))
      const sent = await sentLineIds(app.db, payroll.id)
      // the lines come as arrays (q.LineExportRow), read batch by batch as the file is sent.
      const state = (l: q.LineExportRow) =>
        lineStateOf({
          paid: l[9],
          reviewFlags: l[12],
          reviewConfirmedAt: l[13],
          sentAt: sent.has(Number(l[0])) ? 'sent' : null,
        })
      return sendWorkbook(reply, {
        fileName: exportFileName(`planilla-${payroll.code}`),
        sheetName: 'Detalle',
        rows: q.lineExportBatches(app.db, payroll.id, req.body ?? {}),
        columns: [
          { header: 'Fila', width: 8, value: (l) => l[1] },
          { header: 'Tipo de documento', width: 18, value: (l) => enumLabel(identifierType, l[2]) },
          { header: 'Número de documento', width: 20, value: (l) => l[3] },
          { header: 'Apellidos y nombres', width: 36, value: (l) => l[4] },
          { header: 'Código de banco', width: 14, value: (l) => l[5] },
          { header: 'Número de cuenta', width: 22, value: (l) => l[6] },
          { header: 'CCI', width: 24, value: (l) => l[7] ?? '' },
          { header: 'Monto (S/)', width: 14, money: true, value: (l) => l[8] },
          { header: 'Abonado', width: 10, value: (l) => (l[9] ? 'SÍ' : 'NO') },
          { header: 'Fecha de abono', width: 14, date: 'date', value: (l) => l[10] },
          { header: 'N° de operación', width: 18, value: (l) => l[11] ?? '' },
          { header: 'Estado', width: 12, value: (l) => enumLabel(lineState, state(l)) },
          { header: 'Observaciones', width: 48, value: (l) => reasonsText(l[12]) },
        ],
      })
    },
  })
}
