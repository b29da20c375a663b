import {
  holderText,
  MESSAGES,
  type RecordStatus,
  recordStatus,
  SHARED_ACCOUNT_MESSAGES,
  SUPPLIER_MESSAGES,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { rucLookupAnswer } from '../../lib/external-lookup'
import { rucStandingWarnings } from '../../lib/ruc-standing'
import { statusChangeHandler } from '../../lib/status-change'
import { listPage } from '../../lists/guard'
import { LIST_DESCRIPTION, supplierExportRoutes } from './export-routes'
import * as q from './queries'
import { createSupplier, updateSupplier } from './service'
import { accountHolders, confirmSharedAccount } from './shared-account'
import { suspensionCertificateRoutes } from './suspension-routes'
import { periodsOfRuc } from './tax-status'

const tags = ['suppliers']
const SAVE_DESCRIPTION =
  'managementType: 1 GASTO, 2 COSTO, 3 ACTIVO FIJO. bankIdentifierType: tipos de documento (6 RUC, 1 DNI…). ' +
  'bankId: código de 3 dígitos del banco. accountType: 1 AHORROS, 2 CORRIENTE. bankInterAccount: CCI de 20 ' +
  'dígitos con dígitos de control, del banco elegido. detractionAccount: cuenta del Banco de la Nación de 11 ' +
  'dígitos. retentionAgent, perceptionAgent, goodTaxpayer: condición tributaria (deciden la retención).'

export async function supplierRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(suspensionCertificateRoutes)
  await app.register(supplierExportRoutes)

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
}
