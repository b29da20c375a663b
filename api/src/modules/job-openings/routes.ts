import { recordAudit } from '@planillas/db'
import {
  enumLabel,
  formatDateTime,
  JOB_OPENING_MESSAGES,
  JobOpeningFilterSchema,
  JobOpeningSchema,
  MESSAGES,
  recruitmentStatus,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, found, withUniqueMessages } from '../../lib/errors'
import { listPage } from '../../lib/list-guard'
import { statusChangeHandler } from '../../lib/status-change'
import { exportFileName, inBatches, sendWorkbook } from '../../lib/xlsx'
import { applicantsOf } from '../applicants/queries'
import { describeJobOpeningChanges } from './audit-text'
import * as q from './queries'
import { sanitizeDetails } from './sanitize'

const tags = ['job-openings']
const VIEW = ['vacantes_lista', 'vacantes_edicion'] as const
const uniqueMessages = { job_openings_code_unique: JOB_OPENING_MESSAGES.duplicate }

/** Vacancies (docs/architecture.md, API conventions). */
export async function jobOpeningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  /** Checks the references and sanitises the details; every problem at once. */
  async function values(input: z.infer<typeof JobOpeningSchema>): Promise<q.JobOpeningValues> {
    const details = sanitizeDetails(input.details)
    const refs = await q.references(app.db, input)
    const problems: string[] = []
    if (!refs.position) problems.push(JOB_OPENING_MESSAGES.roleInvalid)
    if (!refs.area) problems.push(JOB_OPENING_MESSAGES.areaInvalid)
    if (!refs.employee) problems.push(JOB_OPENING_MESSAGES.employeeInvalid)
    if (!JobOpeningSchema.shape.details.safeParse(details).success)
      problems.push(JOB_OPENING_MESSAGES.detailsRequired)
    if (problems.length) throw badRequest(...problems)
    return { ...input, details, companyId: refs.employee?.companyId ?? null }
  }

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
      const input = await values(req.body)
      const row = await withUniqueMessages(
        () =>
          app.db.transaction(async (tx) => {
            const created = await q.insertJobOpening(tx, input, req.user.email)
            await recordAudit(tx, {
              action: 'CREATE',
              entity: 'job_openings',
              entityId: created.id,
              actor: req.user.email,
              description: `Creó la vacante ${created.code}`,
            })
            return created
          }),
        uniqueMessages,
      )
      return ok({ id: row.id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'vacantes_edicion' },
    schema: { tags, ...routeSchema('PUT /job-openings/:id') },
    handler: async (req) => {
      found(await q.getJobOpening(app.db, req.params.id))
      const input = await values(req.body)
      await withUniqueMessages(
        () =>
          app.db.transaction(async (tx) => {
            const before = found(await q.getJobOpening(tx, req.params.id))
            const after = await q.updateJobOpening(tx, before.id, input)
            const changes = describeJobOpeningChanges(before, after)
            if (!changes) return
            await recordAudit(tx, {
              action: 'UPDATE',
              entity: 'job_openings',
              entityId: after.id,
              actor: req.user.email,
              description: `Actualizó la vacante ${after.code}: ${changes}`,
            })
          }),
        uniqueMessages,
      )
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
    schema: { tags, body: JobOpeningFilterSchema.nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('vacantes'),
        sheetName: 'Vacantes',
        rows: inBatches(q.jobOpeningExportBatch(app.db, req.body ?? {})),
        columns: [
          { header: 'Código de vacante', width: 18, value: (r) => r.code },
          { header: 'Fecha de creación', width: 22, value: (r) => formatDateTime(r.createdAt) },
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
