import { type Database, type Executor, recordAudit } from '@planillas/db'
import { APPLICANT_MESSAGES, type ApplicantInput, ApplicantSchema } from '@planillas/domain'
import type { FileStorage } from '@planillas/storage'
import { badRequest, found, withUniqueMessages } from '../../lib/errors'
import { describeApplicantChanges } from './audit-text'
import type { ApplicantForm } from './cv-upload'
import * as q from './queries'

/** Who saves, where, and where the CVs are kept. */
export type ApplicantContext = { db: Database; storage: FileStorage; actor: string }

const uniqueMessages = { applicants_document_unique: APPLICANT_MESSAGES.duplicate }

/** The form's fields as an applicant, or a 400 with every problem (fields, vacancy and CV) at once. */
async function checkedInput(db: Executor, form: ApplicantForm): Promise<ApplicantInput> {
  const parsed = ApplicantSchema.safeParse(form.fields)
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message)
  if (parsed.success && !(await q.jobOpeningExists(db, parsed.data.jobOpeningId))) {
    problems.push(APPLICANT_MESSAGES.jobOpeningInvalid)
  }
  problems.push(...form.problems)
  if (!parsed.success || problems.length) throw badRequest([...new Set(problems)])
  return parsed.data
}

/** Checks the form, stores the CV, runs `write` and removes the new CV if it fails. */
async function withStoredCv(
  ctx: ApplicantContext,
  form: ApplicantForm,
  write: (input: ApplicantInput, cv: q.CvFile | null) => Promise<number>,
): Promise<number> {
  const input = await checkedInput(ctx.db, form)
  const cv = form.cv
    ? {
        cvKey: await ctx.storage.put(form.cv.content, {
          name: form.cv.name,
          contentType: form.cv.contentType,
        }),
        cvName: form.cv.name,
        cvType: form.cv.contentType,
      }
    : null
  try {
    return await withUniqueMessages(() => write(input, cv), uniqueMessages)
  } catch (error) {
    if (cv) await ctx.storage.delete(cv.cvKey)
    throw error
  }
}

/** Registers an applicant (and their CV) with its audit entry, in one transaction. */
export async function createApplicant(ctx: ApplicantContext, form: ApplicantForm): Promise<number> {
  return withStoredCv(ctx, form, (input, cv) =>
    ctx.db.transaction(async (tx) => {
      const created = await q.insertApplicant(tx, input, cv, ctx.actor)
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'applicants',
        entityId: created.id,
        actor: ctx.actor,
        description: `Registró al postulante ${created.code} ${created.name} ${created.surname} (${created.identifier})${cv ? ` con el CV '${cv.cvName}'` : ''}`,
      })
      return created.id
    }),
  )
}

/**
 * Edits an applicant, audited. A new CV replaces the old one, whose file is removed once the
 * change is committed.
 */
export async function updateApplicant(ctx: ApplicantContext, id: number, form: ApplicantForm): Promise<void> {
  const existing = found(await q.getApplicant(ctx.db, id))
  await withStoredCv(ctx, form, (input, cv) =>
    ctx.db.transaction(async (tx) => {
      const before = found(await q.getApplicant(tx, id))
      const after = await q.updateApplicant(tx, id, input, cv)
      const changes = describeApplicantChanges(before, after)
      if (changes) {
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'applicants',
          entityId: id,
          actor: ctx.actor,
          description: `Actualizó al postulante ${after.code}: ${changes}`,
        })
      }
      return id
    }),
  )
  const replaced = existing.cvKey && (await q.getApplicant(ctx.db, id))?.cvKey !== existing.cvKey
  if (replaced && existing.cvKey) await ctx.storage.delete(existing.cvKey)
}
