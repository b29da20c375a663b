import {
  enumLabel,
  JobOpeningFilterSchema,
  MESSAGES,
  recruitmentStatus,
  withSelection,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { applicantsOf } from '../applicants/queries'
import * as q from './queries'
import { createJobOpening, updateJobOpening } from './service'

const tags = ['job-openings']
const VIEW = ['vacantes_lista', 'vacantes_edicion'] as const

/** Vacancies (docs/architecture.md, API conventions). */
export async function jobOpeningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/list', {
    config: { permission: 'vacantes_lista' },
    schema: {
      tags,
      description:
        'Filtros: search (código de vacante o nombre de un postulante), status, areaId, positionId, companyId, createdAt {from,to}.',
      ...routeSchema('POST /job-openings/list'),
    },
    handler: async (req) => ok(await q.listJobOpenings(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/', {
    config: {
      permission: ['vacantes_lista', 'vacantes_edicion', 'postulantes_lista', 'postulantes_edicion'],
    },
    schema: {
      tags,
      description: 'Vacantes activas, para listas desplegables.',
      ...routeSchema('GET /job-openings'),
    },
    handler: async () => ok(await q.activeJobOpenings(app.db)),
  })

  app.get('/:id', {
    config: { permission: VIEW },
    schema: { tags, ...routeSchema('GET /job-openings/:id') },
    handler: async (req) => {
      const row = found(await q.getJobOpeningRow(app.db, req.params.id))
      const { details } = found(await q.getJobOpening(app.db, req.params.id))
      return ok({ ...row, details })
    },
  })

  app.get('/:id/applicants', {
    config: { permission: ['vacantes_lista', 'postulantes_lista'] },
    schema: { tags, ...routeSchema('GET /job-openings/:id/applicants') },
    handler: async (req) => {
      found(await q.getJobOpening(app.db, req.params.id))
      return ok((await applicantsOf(app.db, req.params.id)).map((r) => ({ ...r, hasCv: r.cvName !== null })))
    },
  })

  app.post('/', {
    config: { permission: 'vacantes_edicion' },
    schema: { tags, ...routeSchema('POST /job-openings') },
    handler: async (req) => {
      const id = await createJobOpening(app.db, req.user.email, req.body)
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'vacantes_edicion' },
    schema: { tags, ...routeSchema('PUT /job-openings/:id') },
    handler: async (req) => {
      await updateJobOpening(app.db, req.user.email, req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })

  app.put('/:id/status', {
    config: { permission: 'vacantes_edicion' },
    schema: {
      tags,
      ...routeSchema('PUT /job-openings/:id/status'),
    },
    handler: statusChangeHandler(app, {
      entity: 'job_openings',
      noun: 'la vacante',
      statuses: recruitmentStatus,
      get: q.getJobOpening,
      set: q.setJobOpeningStatus,
      name: (row) => row.code,
    }),
  })

  app.post('/xlsx', {
    config: { permission: 'vacantes_descarga_excel' },
    schema: { tags, body: withSelection(JobOpeningFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('vacantes'),
        sheetName: 'Vacantes',
        rows: exportRows(q.jobOpeningExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código de vacante', width: 18, value: (r) => r.code },
          { header: 'Fecha de creación', width: 22, date: 'dateTime', value: (r) => r.createdAt },
          { header: 'Cargo', width: 28, value: (r) => r.position },
          { header: 'Área', width: 28, value: (r) => r.area },
          { header: 'Empresa', width: 30, value: (r) => r.company ?? '---' },
          { header: 'Años de experiencia', width: 12, value: (r) => r.minExperienceYears },
          { header: 'Solicitado por', width: 32, value: (r) => r.requestedBy },
          { header: 'Total de postulantes', width: 12, value: (r) => r.applicants },
          { header: 'Estado', width: 12, value: (r) => enumLabel(recruitmentStatus, r.status) },
        ],
      }),
  })
}
