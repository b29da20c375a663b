import multipart from '@fastify/multipart'
import { recordAudit } from '@planillas/db'
import {
  APPLICANT_MESSAGES,
  ApplicantFilterSchema,
  ApplicantSchema,
  enumLabel,
  formatDate,
  identifierType,
  MESSAGES,
  recruitmentStatus,
} from '@planillas/domain'
import { FileNotFoundError } from '@planillas/storage'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { badRequest, found, notFound, withUniqueMessages } from '../../lib/errors'
import { listPage } from '../../lib/list-guard'
import { statusChangeHandler } from '../../lib/status-change'
import { contentDisposition, exportFileName, inBatches, sendWorkbook } from '../../lib/xlsx'
import { describeApplicantChanges } from './audit-text'
import { readApplicantForm } from './cv-upload'
import * as q from './queries'

const tags = ['applicants']
const VIEW = ['postulantes_lista', 'postulantes_edicion'] as const
const uniqueMessages = { applicants_document_unique: APPLICANT_MESSAGES.duplicate }
const withCv = <T extends { cvName: string | null }>(row: T) => ({ ...row, hasCv: row.cvName !== null })
const formDescription =
  'JSON o multipart/form-data: identifierType, identifier, name, surname, email, mobile, jobOpeningId, ' +
  'hireDate, leaveDate, pendingVacationDays y, en multipart, cv (.pdf, .doc o .docx de hasta 10 MB, revisado por contenido).'

/** Applicants (SPEC §2 'Postulantes'): their data, vacancy and CV. */
export async function applicantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, { throwFileSizeLimit: false })

  /** Reads and checks the form, stores the CV, runs `write` and removes the new CV if it fails. */
  async function save(
    req: FastifyRequest,
    write: (input: z.infer<typeof ApplicantSchema>, cv: q.CvFile | null) => Promise<number>,
  ) {
    const form = await readApplicantForm(req)
    const parsed = ApplicantSchema.safeParse(form.fields)
    const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message)
    if (parsed.success && !(await q.jobOpeningExists(app.db, parsed.data.jobOpeningId))) {
      problems.push(APPLICANT_MESSAGES.jobOpeningInvalid)
    }
    problems.push(...form.problems)
    if (!parsed.success || problems.length) throw badRequest(...new Set(problems))
    const cv = form.cv
      ? {
          cvKey: await app.storage.put(form.cv.content, {
            name: form.cv.name,
            contentType: form.cv.contentType,
          }),
          cvName: form.cv.name,
          cvType: form.cv.contentType,
        }
      : null
    try {
      return await withUniqueMessages(() => write(parsed.data, cv), uniqueMessages)
    } catch (error) {
      if (cv) await app.storage.delete(cv.cvKey)
      throw error
    }
  }

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

  app.post('/', {
    config: { permission: 'postulantes_edicion' },
    schema: {
      tags,
      description: formDescription,
      consumes: ['application/json', 'multipart/form-data'],
      ...routeSchema('POST /applicants'),
    },
    handler: async (req) => {
      const id = await save(req, (input, cv) =>
        app.db.transaction(async (tx) => {
          const created = await q.insertApplicant(tx, input, cv, req.user.email)
          await recordAudit(tx, {
            action: 'CREATE',
            entity: 'applicants',
            entityId: created.id,
            actor: req.user.email,
            description: `Registró al postulante ${created.code} ${created.name} ${created.surname} (${created.identifier})${cv ? ` con el CV '${cv.cvName}'` : ''}`,
          })
          return created.id
        }),
      )
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
      const { id } = req.params
      const existing = found(await q.getApplicant(app.db, id))
      await save(req, (input, cv) =>
        app.db.transaction(async (tx) => {
          const before = found(await q.getApplicant(tx, id))
          const after = await q.updateApplicant(tx, id, input, cv)
          const changes = describeApplicantChanges(before, after)
          if (changes) {
            await recordAudit(tx, {
              action: 'UPDATE',
              entity: 'applicants',
              entityId: id,
              actor: req.user.email,
              description: `Actualizó al postulante ${after.code}: ${changes}`,
            })
          }
          return id
        }),
      )
      const replaced = existing.cvKey && (await q.getApplicant(app.db, id))?.cvKey !== existing.cvKey
      if (replaced && existing.cvKey) await app.storage.delete(existing.cvKey)
      return ok({ id }, [MESSAGES.saved])
    },
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

  app.post('/xlsx', {
    config: { permission: 'postulantes_descarga_excel' },
    schema: { tags, body: ApplicantFilterSchema.nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('postulantes'),
        sheetName: 'Postulantes',
        rows: inBatches(q.applicantExportBatch(app.db, req.body ?? {})),
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
          { header: 'Fecha de ingreso', width: 14, value: (r) => formatDate(r.hireDate) },
          { header: 'Fecha de cese', width: 14, value: (r) => formatDate(r.leaveDate) },
          { header: 'Vacaciones pendientes (días)', width: 14, value: (r) => r.pendingVacationDays ?? '---' },
          { header: 'Estado', width: 12, value: (r) => enumLabel(recruitmentStatus, r.status) },
        ],
      }),
  })
}
