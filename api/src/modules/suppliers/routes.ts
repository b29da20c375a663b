import {
  accountType,
  enumLabel,
  holderText,
  identifierType,
  MESSAGES,
  managementType,
  type RecordStatus,
  recordStatus,
  SHARED_ACCOUNT_MESSAGES,
  SUPPLIER_MESSAGES,
  SUSPENSION_MESSAGES,
  SupplierFilterSchema,
  supplierType,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { rucLookupAnswer } from '../../lib/external-lookup'
import { rucStandingWarnings } from '../../lib/ruc-standing'
import { statusChangeHandler } from '../../lib/status-change'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import * as q from './queries'
import { createSupplier, updateSupplier } from './service'
import { accountHolders, confirmSharedAccount } from './shared-account'
import {
  addSuspensionCertificate,
  listSuspensionCertificates,
  removeSuspensionCertificate,
} from './suspension'
import { periodsOfRuc } from './tax-status'

const tags = ['suppliers']
const LIST_DESCRIPTION =
  'Filtros: search (R.U.C. o razón social), status (1 ACTIVO, 2 SUSPENDIDO), supplierTypes ' +
  '(1 BIENES, 2 SERVICIOS, 3 BIENES Y SERVICIOS). Orden: id, code, ruc, name, supplierType, status, createdAt.'
const SAVE_DESCRIPTION =
  'managementType: 1 GASTO, 2 COSTO, 3 ACTIVO FIJO. bankIdentifierType: tipos de documento (6 RUC, 1 DNI…). ' +
  'bankId: código de 3 dígitos del banco. accountType: 1 AHORROS, 2 CORRIENTE. bankInterAccount: CCI de 20 ' +
  'dígitos con dígitos de control, del banco elegido. detractionAccount: cuenta del Banco de la Nación de 11 ' +
  'dígitos. retentionAgent, perceptionAgent, goodTaxpayer: condición tributaria (deciden la retención).'

const yesNo = (v: boolean) => (v ? 'SÍ' : 'NO')

export async function supplierRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/list', {
    config: { permission: 'proveedores_lista' },
    schema: { tags, description: LIST_DESCRIPTION, ...routeSchema('POST /suppliers/list') },
    handler: async (req) => ok(await q.listSuppliers(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/', {
    config: {
      permission: [
        'proveedores_lista',
        'proveedores_edicion',
        'pagos_lista_lista',
        'pagos_registrar',
        'pagos_generar_lista',
      ],
    },
    schema: {
      tags,
      description: 'Proveedores activos (para listas desplegables y filtros).',
      ...routeSchema('GET /suppliers'),
    },
    handler: async () => ok(await q.activeSuppliers(app.db)),
  })

  app.get('/ruc/:ruc', {
    config: { permission: ['proveedores_lista', 'proveedores_edicion'] },
    schema: {
      tags,
      description: 'Un proveedor ya registrado con ese RUC, o lo que sabe el servicio de RUC configurado.',
      ...routeSchema('GET /suppliers/ruc/:ruc'),
    },
    handler: async (req) =>
      rucLookupAnswer(
        app.config,
        req.params.ruc,
        await q.findSupplierByRuc(app.db, req.params.ruc),
        SUPPLIER_MESSAGES.duplicate,
      ),
  })

  app.get('/:id', {
    config: { permission: ['proveedores_lista', 'proveedores_edicion', 'pagos_lista_lista'] },
    schema: {
      tags,
      description: "'Datos del proveedor', con los periodos de su condición tributaria (por RUC).",
      ...routeSchema('GET /suppliers/:id'),
    },
    handler: async (req) => {
      const supplier = found(await q.getSupplier(app.db, req.params.id))
      const [taxStatusPeriods, holders, [rucWarning]] = await Promise.all([
        periodsOfRuc(app.db, supplier.ruc),
        accountHolders(app.db, supplier, supplier.id),
        rucStandingWarnings(app.db, [supplier]),
      ])
      return ok({
        ...supplier,
        taxStatusPeriods,
        sharedWith: holders.map(holderText),
        rucWarning: rucWarning ?? null,
      })
    },
  })

  app.post('/', {
    config: { permission: 'proveedores_edicion' },
    schema: { tags, description: SAVE_DESCRIPTION, ...routeSchema('POST /suppliers') },
    handler: async (req) => {
      const id = await createSupplier(app.db, req.user.email, req.body)
      return ok({ id }, [MESSAGES.saved, ...(await rucStandingWarnings(app.db, [req.body]))])
    },
  })

  app.put('/:id', {
    config: { permission: 'proveedores_edicion' },
    schema: {
      tags,
      description: `${SAVE_DESCRIPTION} El RUC no se edita.`,
      ...routeSchema('PUT /suppliers/:id'),
    },
    handler: async (req) => {
      await updateSupplier(app.db, req.user.email, req.params.id, req.body)
      const supplier = found(await q.getSupplier(app.db, req.params.id))
      return ok({ id: req.params.id }, [MESSAGES.saved, ...(await rucStandingWarnings(app.db, [supplier]))])
    },
  })

  app.post('/:id/shared-account/confirm', {
    config: { permission: 'proveedores_aprobar' },
    schema: {
      tags,
      description:
        'Confirma la cuenta bancaria del proveedor que también es de otro proveedor o de un colaborador. ' +
        'La confirma otra persona que quien la registró; 409 si ya no está por confirmar.',
      ...routeSchema('POST /suppliers/:id/shared-account/confirm'),
    },
    handler: async (req) => {
      const id = await confirmSharedAccount(app.db, req.user.email, req.params.id)
      return ok({ id }, [SHARED_ACCOUNT_MESSAGES.confirmed])
    },
  })

  app.put('/:id/status', {
    config: { permission: 'proveedores_edicion' },
    schema: { tags, ...routeSchema('PUT /suppliers/:id/status') },
    handler: statusChangeHandler(app, {
      entity: 'suppliers',
      noun: 'el proveedor',
      statuses: recordStatus,
      get: q.getSupplier,
      set: async (tx, id, status) => found(await q.setSupplierStatus(tx, id, status as RecordStatus)),
      name: (row) => row.code,
    }),
  })

  app.get('/:id/suspension-certificates', {
    config: { permission: ['proveedores_lista', 'proveedores_edicion'] },
    schema: {
      tags,
      description:
        'Constancias de suspensión de retenciones de cuarta categoría del proveedor (persona natural, R.U.C. 10…): ' +
        'cada una suspende la retención desde el día siguiente a su otorgamiento hasta el 31 de diciembre de ese año.',
      ...routeSchema('GET /suppliers/:id/suspension-certificates'),
    },
    handler: async (req) => ok(await listSuspensionCertificates(app.db, req.params.id)),
  })

  app.post('/:id/suspension-certificates', {
    config: { permission: 'proveedores_edicion' },
    schema: {
      tags,
      description: 'number: número de la constancia. grantedOn: fecha de otorgamiento (AAAA-MM-DD).',
      ...routeSchema('POST /suppliers/:id/suspension-certificates'),
    },
    handler: async (req) => {
      const id = await addSuspensionCertificate(app.db, req.user.email, req.params.id, req.body)
      return ok({ id }, [SUSPENSION_MESSAGES.added])
    },
  })

  app.delete('/:id/suspension-certificates/:certificateId', {
    config: { permission: 'proveedores_edicion' },
    schema: { tags, ...routeSchema('DELETE /suppliers/:id/suspension-certificates/:certificateId') },
    handler: async (req) => {
      const id = await removeSuspensionCertificate(
        app.db,
        req.user.email,
        req.params.id,
        req.params.certificateId,
      )
      return ok({ id }, [SUSPENSION_MESSAGES.removed])
    },
  })

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
