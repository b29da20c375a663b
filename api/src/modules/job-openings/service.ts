import { type Database, type Executor, recordAudit } from '@planillas/db'
import { JOB_OPENING_MESSAGES, type JobOpeningInput, JobOpeningSchema } from '@planillas/domain'
import { badRequest, found, withUniqueMessages } from '../../lib/errors'
import { describeJobOpeningChanges } from './audit-text'
import * as q from './queries'
import { sanitizeDetails } from './sanitize'

const uniqueMessages = { job_openings_code_unique: JOB_OPENING_MESSAGES.duplicate }

/** Checks the references and sanitises the details; every problem at once. */
async function valuesOf(db: Executor, input: JobOpeningInput): Promise<q.JobOpeningValues> {
  const details = await sanitizeDetails(input.details)
  const refs = await q.references(db, input)
  const problems: string[] = []
  if (!refs.position) problems.push(JOB_OPENING_MESSAGES.roleInvalid)
  if (!refs.area) problems.push(JOB_OPENING_MESSAGES.areaInvalid)
  if (!refs.employee) problems.push(JOB_OPENING_MESSAGES.employeeInvalid)
  if (!JobOpeningSchema.shape.details.safeParse(details).success)
    problems.push(JOB_OPENING_MESSAGES.detailsRequired)
  if (problems.length) throw badRequest(problems)
  return { ...input, details, companyId: refs.employee?.companyId ?? null }
}

/** Opens a vacancy with its audit entry, in one transaction; its company is the requester's. */
export async function createJobOpening(db: Database, actor: string, input: JobOpeningInput): Promise<number> {
  const values = await valuesOf(db, input)
  return withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const created = await q.insertJobOpening(tx, values, actor)
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'job_openings',
          entityId: created.id,
          actor,
          description: `Creó la vacante ${created.code}`,
        })
        return created.id
      }),
    uniqueMessages,
  )
}

/** Edits a vacancy, audited; an unknown one is a 404 before its input is checked. */
export async function updateJobOpening(
  db: Database,
  actor: string,
  id: number,
  input: JobOpeningInput,
): Promise<void> {
  found(await q.getJobOpening(db, id))
  const values = await valuesOf(db, input)
  await withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const before = found(await q.getJobOpening(tx, id))
        const after = await q.updateJobOpening(tx, before.id, values)
        const changes = describeJobOpeningChanges(before, after)
        if (!changes) return
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'job_openings',
          entityId: after.id,
          actor,
          description: `Actualizó la vacante ${after.code}: ${changes}`,
        })
      }),
    uniqueMessages,
  )
}
