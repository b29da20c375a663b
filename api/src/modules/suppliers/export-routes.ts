import {
  accountType,
  enumLabel,
  identifierType,
  managementType,
  recordStatus,
  SupplierFilterSchema,
  supplierType,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import * as q from './queries'

const tags = ['suppliers']
export const LIST_DESCRIPTION =
  'Filtros: search (R.U.C. o razón social), status (1 ACTIVO, 2 SUSPENDIDO), supplierTypes ' +
  '(1 BIENES, 2 SERVICIOS, 3 BIENES Y SERVICIOS). Orden: id, code, ruc, name, supplierType, status, createdAt.'
const yesNo = (v: boolean) => (v ? 'SÍ' : 'NO')

/** 'Descargar Excel' of the suppliers: the list's filters, or the rows chosen. */
export async function supplierExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/xlsx', {
    config: { permission: 'proveedores_descarga_excel' },
    schema: { tags, description: LIST_DESCRIPTION, body: withSelection(SupplierFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('proveedores'),
        sheetName: 'Proveedores',
        rows: exportRows(q.supplierExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código', width: 10, value: (r) => r.code },
          { header: 'R.U.C.', width: 14, value: (r) => r.ruc },
          { header: 'Razón social', width: 40, value: (r) => r.name },
          { header: 'Domicilio fiscal', width: 40, value: (r) => r.address },
          { header: 'Ubigeo', width: 30, value: (r) => r.ubigeoDescription },
          { header: 'Contacto', width: 25, value: (r) => r.contactName },
          { header: 'Autorizador', width: 25, value: (r) => r.authorizer },
          { header: 'Pagador', width: 25, value: (r) => r.payer },
          { header: 'Teléfono', width: 12, value: (r) => r.phone },
          { header: 'Celular', width: 12, value: (r) => r.mobile },
          { header: 'Correo electrónico', width: 28, value: (r) => r.email },
          { header: 'Tipo de proveedor', width: 18, value: (r) => enumLabel(supplierType, r.supplierType) },
          {
            header: 'Gestión contable',
            width: 16,
            value: (r) => enumLabel(managementType, r.managementType),
          },
          { header: 'Línea de gasto', width: 24, value: (r) => r.expenseLine },
          {
            header: 'Tipo de documento',
            width: 14,
            value: (r) => enumLabel(identifierType, r.bankIdentifierType),
          },
          { header: 'Número de documento', width: 16, value: (r) => r.bankIdentifier },
          { header: 'Titular de la cuenta', width: 30, value: (r) => r.bankHolder },
          { header: 'Banco', width: 24, value: (r) => r.bankName },
          { header: 'Número de cuenta', width: 22, value: (r) => r.bankAccount },
          { header: 'Tipo de cuenta', width: 12, value: (r) => enumLabel(accountType, r.accountType) },
          { header: 'CCI', width: 22, value: (r) => r.bankInterAccount },
          { header: 'Cuenta de detracciones', width: 16, value: (r) => r.detractionAccount },
          { header: 'Agente de retención', width: 12, value: (r) => yesNo(r.retentionAgent) },
          { header: 'Agente de percepción', width: 12, value: (r) => yesNo(r.perceptionAgent) },
          { header: 'Buen contribuyente', width: 12, value: (r) => yesNo(r.goodTaxpayer) },
          { header: 'Estado', width: 12, value: (r) => enumLabel(recordStatus, r.status) },
          { header: 'Fecha de creación', width: 20, date: 'dateTime', value: (r) => r.createdAt },
        ],
      }),
  })
}
