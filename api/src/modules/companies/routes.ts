import type { Transaction } from '@planillas/db'
import {
  CompanyFilterSchema,
  enumLabel,
  MESSAGES,
  type RecordStatus,
  RUC_MESSAGES,
  recordStatus,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { rucLookupAnswer } from '../../lib/external-lookup'
import { bulkStatusChangeHandler, statusChangeHandler } from '../../lib/status-change'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { companyAccountRoutes } from './accounts'
import * as q from './queries'
import { createCompany, updateCompany } from './service'

const tags = ['companies']

export async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(companyAccountRoutes)

  app.post('/list', {
    config: { permission: 'empresas_lista' },
    schema: {
      tags,
      ...routeSchema('POST /companies/list'),
    },
    handler: async (req) => ok(await q.listCompanies(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/', {
    config: { permission: OPTION_PERMISSIONS.empresas },
    schema: {
      tags,
      ...routeSchema('GET /companies'),
    },
    handler: async () => ok(await q.activeCompanies(app.db)),
  })

  app.get('/ruc/:ruc', {
    config: { permission: ['empresas_lista', 'empresas_edicion'] },
    schema: {
      tags,
      ...routeSchema('GET /companies/ruc/:ruc'),
    },
    handler: async (req) =>
      rucLookupAnswer(
        app.config,
        req.params.ruc,
        await q.findCompanyByRuc(app.db, req.params.ruc),
        RUC_MESSAGES.duplicate,
      ),
  })

  app.get('/:id', {
    config: { permission: ['empresas_lista', 'empresas_edicion'] },
    schema: { tags, ...routeSchema('GET /companies/:id') },
    handler: async (req) => ok(found(await q.getCompany(app.db, req.params.id))),
  })

  app.post('/', {
    config: { permission: 'empresas_edicion' },
    schema: { tags, ...routeSchema('POST /companies') },
    handler: async (req) => {
      const id = await createCompany(app.db, req.user.email, req.body)
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'empresas_edicion' },
    schema: { tags, ...routeSchema('PUT /companies/:id') },
    handler: async (req) => {
      await updateCompany(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })

  const companyStatus = {
    entity: 'companies',
    noun: 'la empresa',
    statuses: recordStatus,
    get: q.getCompany,
    set: (tx: Transaction, id: number, status: number) => q.setCompanyStatus(tx, id, status as RecordStatus),
    name: (row: { code: string }) => row.code,
  }

  app.put('/:id/status', {
    config: { permission: 'empresas_edicion' },
    schema: {
      tags,
      ...routeSchema('PUT /companies/:id/status'),
    },
    handler: statusChangeHandler(app, companyStatus),
  })

  app.put('/status', {
    config: { permission: 'empresas_edicion' },
    schema: { tags, ...routeSchema('PUT /companies/status') },
    handler: bulkStatusChangeHandler(app, companyStatus),
  })

  app.post('/xlsx', {
    config: { permission: 'empresas_descarga_excel' },
    schema: { tags, body: withSelection(CompanyFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('empresas'),
        sheetName: 'Empresas',
        rows: exportRows(q.companyExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código', width: 12, value: (r) => r.code },
          { header: 'R.U.C.', width: 14, value: (r) => r.ruc },
          { header: 'Razón social', width: 40, value: (r) => r.name },
          { header: 'Dirección fiscal', width: 45, value: (r) => r.address },
          { header: 'Representante legal', width: 30, value: (r) => r.legalRepresentative },
          { header: 'Agente de retención', width: 14, value: (r) => (r.retentionAgent ? 'SÍ' : 'NO') },
          { header: 'Estado', width: 14, value: (r) => enumLabel(recordStatus, r.status) },
          { header: 'Fecha de creación', width: 22, date: 'dateTime', value: (r) => r.createdAt },
        ],
      }),
  })
}
