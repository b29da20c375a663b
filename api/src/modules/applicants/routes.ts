import multipart from '@fastify/multipart'
import {
  APPLICANT_MESSAGES,
  ApplicantFilterSchema,
  enumLabel,
  HIRE_MESSAGES,
  identifierType,
  MESSAGES,
  recruitmentStatus,
  withSelection,
} from '@planillas/domain'
import { FileNotFoundError } from '@planillas/storage'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { found, notFound } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import { contentDisposition, exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { readApplicantForm } from './cv-upload'
import { hireApplicant } from './hire'
import * as q from './queries'
import { type ApplicantContext, createApplicant, updateApplicant } from './service'

const tags = ['applicants']
const VIEW = ['postulantes_lista', 'postulantes_edicion'] as const
const withCv = <T extends { cvName: string | null }>(row: T) => ({ ...row, hasCv: row.cvName !== null })
const formDescription =
  'JSON o multipart/form-data: identifierType, identifier, name, surname, email, mobile, jobOpeningId, ' +
  'hireDate, leaveDate, pendingVacationDays y, en multipart, cv (.pdf, .doc o .docx de hasta 10 MB, revisado por contenido).'

/** What the service needs: the database, the storage and who acts. */
const context = (app: FastifyInstance, req: FastifyRequest): ApplicantContext => ({
  db: app.db,
  storage: app.storage,
  actor: req.user.email,
})

/** Applicants: their data, vacancy and CV. */
export async function applicantRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, { throwFileSizeLimit: false })
  await fastify.register(applicantReadRoutes)
  await fastify.register(applicantFormRoutes)
  await fastify.register(applicantStatusRoutes)
}

/** The list, the options, one applicant, their CV and the export. */
async function applicantReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/list', {
    config: { permission: 'postulantes_lista' },
    schema: {
      tags,
      description:
        'Filtros: search (nombre o documento), status, areaId, positionId, companyId, jobOpeningId, hireDate y leaveDate {from,to}, pendingVacation (true/false).',
      ...routeSchema('POST /applicants/list'),
    },
    handler: async (req) => {
      const page = await q.listApplicants(app.db, req.body ?? {}, listPage(req))
      return ok({ ...page, content: page.content.map(withCv) })
    },
  })

  app.get('/', {
    config: { permission: VIEW },
    schema: {
      tags,
      ...routeSchema('GET /applicants'),
    },
    handler: async () => ok(await q.activeApplicants(app.db)),
  })

  app.get('/:id', {
    config: { permission: VIEW },
    schema: { tags, ...routeSchema('GET /applicants/:id') },
    handler: async (req) => ok(withCv(found(await q.getApplicantRow(app.db, req.params.id)))),
  })

  app.get('/:id/cv', {
    config: { permission: [...VIEW, 'vacantes_lista'] },
    schema: { tags, params: IdParamsSchema, description: 'El CV del postulante, con su nombre original.' },
    handler: async (req, reply) => {
      const row = found(await q.getApplicant(app.db, req.params.id))
      if (!row.cvKey || !row.cvName) throw notFound(APPLICANT_MESSAGES.cvMissing)
      try {
        const body = await app.storage.get(row.cvKey)
        return reply
          .header('Content-Type', row.cvType ?? 'application/octet-stream')
          .header('Content-Disposition', contentDisposition(row.cvName))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Access-Control-Expose-Headers', 'Content-Disposition')
          .send(body)
      } catch (error) {
        if (error instanceof FileNotFoundError) throw notFound(APPLICANT_MESSAGES.cvMissing)
        throw error
      }
    },
  })

  app.post('/xlsx', {
    config: { permission: 'postulantes_descarga_excel' },
    schema: { tags, body: withSelection(ApplicantFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('postulantes'),
        sheetName: 'Postulantes',
        rows: exportRows(q.applicantExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código', width: 14, value: (r) => r.code },
          {
            header: 'Tipo de documento',
            width: 16,
            value: (r) => enumLabel(identifierType, r.identifierType),
          },
          { header: 'Número de documento', width: 16, value: (r) => r.identifier },
          { header: 'Nombres y apellidos', width: 36, value: (r) => `${r.name} ${r.surname}` },
          { header: 'Correo electrónico', width: 30, value: (r) => r.email },
          { header: 'Celular', width: 12, value: (r) => r.mobile },
          { header: 'Vacante', width: 16, value: (r) => r.jobOpeningCode },
          { header: 'Empresa', width: 30, value: (r) => r.company ?? '---' },
          { header: 'Área', width: 24, value: (r) => r.area },
          { header: 'Cargo', width: 24, value: (r) => r.position },
          { header: 'Fecha de ingreso', width: 14, date: 'date', value: (r) => r.hireDate },
          { header: 'Fecha de cese', width: 14, date: 'date', value: (r) => r.leaveDate },
          { header: 'Vacaciones pendientes (días)', width: 14, value: (r) => r.pendingVacationDays ?? '---' },
          { header: 'Estado', width: 12, value: (r) => enumLabel(recruitmentStatus, r.status) },
        ],
      }),
  })
}

/** Creating and updating an applicant (JSON, or multipart with the CV). */
async function applicantFormRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/', {
    config: { permission: 'postulantes_edicion' },
    schema: {
      tags,
      description: formDescription,
      consumes: ['application/json', 'multipart/form-data'],
      ...routeSchema('POST /applicants'),
    },
    handler: async (req) => {
      const id = await createApplicant(context(app, req), await readApplicantForm(req))
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.put('/:id', {
    config: { permission: 'postulantes_edicion' },
    schema: {
      tags,
      description: formDescription,
      consumes: ['application/json', 'multipart/form-data'],
      ...routeSchema('PUT /applicants/:id'),
    },
    handler: async (req) => {
      await updateApplicant(context(app, req), req.params.id, await readApplicantForm(req))
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })
}

/** An applicant's status and their hiring. */
async function applicantStatusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.put('/:id/status', {
    config: { permission: 'postulantes_edicion' },
    schema: {
      tags,
      ...routeSchema('PUT /applicants/:id/status'),
    },
    handler: statusChangeHandler(app, {
      entity: 'applicants',
      noun: 'el postulante',
      statuses: recruitmentStatus,
      get: q.getApplicant,
      set: q.setApplicantStatus,
      name: (row) => row.code,
    }),
  })

  app.post('/:id/hire', {
    // Hiring registers an employee and a contract: the user needs what each of those forms needs.
    config: { permissionsAll: ['colaboradores_edicion', 'contratos_edicion'] },
    schema: {
      tags,
      description:
        'Contratar: registra al colaborador (datos personales, de contacto y bancarios) y su contrato ' +
        '(duración, inicio, empresa, área, cargo, sueldo) en una transacción, auditada. Si el documento ' +
        'es de un colaborador con contrato vigente, se rechaza sin cambiar nada.',
      ...routeSchema('POST /applicants/:id/hire'),
    },
    handler: async (req) => {
      const hired = await hireApplicant(
        { db: app.db, actor: req.user.email, noticeDays: app.config.contractExpiryNoticeDays },
        req.params.id,
        req.body,
      )
      return ok(hired, [HIRE_MESSAGES.hired])
    },
  })
}
