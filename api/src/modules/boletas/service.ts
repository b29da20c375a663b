import { createHash } from 'node:crypto'
import {
  boletaDeliveries,
  boletaRuns,
  type Database,
  type Executor,
  recordAudit,
  rowsOf,
} from '@planillas/db'
import { BOLETA_RUN_KIND, formatDateTime, periodLabel } from '@planillas/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { conflict, notFound } from '../../lib/errors'
import { toRun } from './queries'

export const BOLETA_MESSAGES = {
  lineNotFound: 'La línea no existe en esta planilla',
  alreadyDelivered: (when: Date) => `La boleta de esta línea ya se entregó el ${formatDateTime(when)}`,
  noMail: 'No hay un servidor de correo configurado: descargue las boletas y registre cada entrega a mano.',
  running: 'Las boletas de esta planilla ya se están preparando; espere a que terminen.',
  badLink: 'El enlace de confirmación no es válido o ya no existe.',
} as const

const lineOf = async (db: Executor, payrollId: number, lineId: number) =>
  rowsOf<{ id: number; full_name: string; period: string; code: string }>(
    await db.execute(sql`
      select l.id, l.full_name, p.period, p.code from payroll_lines l join payrolls p on p.id = l.payroll_id
      where l.payroll_id = ${payrollId} and l.id = ${lineId}`),
  )[0]

/**
 * A boleta delivered by hand (downloaded and handed over, no e-mail): recorded once per line, the
 * primary key refusing a second clerk's click (409 naming when it was delivered), audited.
 */
export async function recordManualDelivery(db: Database, actor: string, payrollId: number, lineId: number) {
  return db.transaction(async (tx) => {
    const line = await lineOf(tx, payrollId, lineId)
    if (!line) throw notFound(BOLETA_MESSAGES.lineNotFound)
    const [inserted] = await tx
      .insert(boletaDeliveries)
      .values({ payrollLineId: lineId, payrollId, method: 2, deliveredBy: actor, createdBy: actor })
      .onConflictDoNothing()
      .returning()
    if (!inserted) {
      const [existing] = await tx
        .select({ deliveredAt: boletaDeliveries.deliveredAt })
        .from(boletaDeliveries)
        .where(eq(boletaDeliveries.payrollLineId, lineId))
      throw conflict(BOLETA_MESSAGES.alreadyDelivered(existing.deliveredAt))
    }
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'boleta_deliveries',
      entityId: lineId,
      actor,
      description: `Entrega de la boleta de ${periodLabel(line.period)} de ${line.full_name} (planilla ${line.code}) registrada a mano`,
    })
  })
}

/**
 * Asks for a payroll's boletas as a background job (kind 1 the ZIP, 2 the e-mails): the run's row
 * goes back to PENDIENTE unless one is under way (409), then the job is enqueued by the caller.
 */
export async function requestRun(
  db: Database,
  actor: string,
  payrollId: number,
  kind: number,
  mailConfigured: boolean,
) {
  if (kind === BOLETA_RUN_KIND.EMAIL && !mailConfigured) throw conflict(BOLETA_MESSAGES.noMail)
  const reset = {
    status: 1,
    progress: 0,
    total: 0,
    done: 0,
    failed: 0,
    message: null,
    requestedBy: actor,
    requestedAt: new Date(),
    finishedAt: null,
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(boletaRuns)
      .values({ payrollId, kind, ...reset, createdBy: actor })
      .onConflictDoUpdate({
        target: [boletaRuns.payrollId, boletaRuns.kind],
        set: reset,
        setWhere: inArray(boletaRuns.status, [3, 4]),
      })
      .returning()
    if (!row) throw conflict(BOLETA_MESSAGES.running)
    return toRun(row)
  })
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

type AckRow = {
  line_id: number
  email: string | null
  full_name: string
  period: string
  code: string
  acknowledged_at: Date | null
}

/** What the acknowledgement page shows for a token, or 404. */
export async function ackOf(db: Executor, token: string) {
  const [row] = rowsOf<AckRow>(
    await db.execute(sql`
      select d.payroll_line_id as line_id, d.email, l.full_name, p.period, p.code, d.acknowledged_at
      from boleta_deliveries d join payroll_lines l on l.id = d.payroll_line_id join payrolls p on p.id = d.payroll_id
      where d.ack_token_sha256 = ${tokenHash(token)}`),
  )
  if (!row) throw notFound(BOLETA_MESSAGES.badLink)
  return row
}

/**
 * The worker confirms receipt: recorded once (when and from which address), in the audit log too;
 * a second confirmation changes nothing and says when the first one was.
 */
export async function acknowledge(db: Database, token: string, address: string) {
  return db.transaction(async (tx) => {
    const hash = tokenHash(token)
    const [updated] = await tx
      .update(boletaDeliveries)
      .set({ acknowledgedAt: new Date(), acknowledgedFrom: address })
      .where(and(eq(boletaDeliveries.ackTokenSha256, hash), sql`${boletaDeliveries.acknowledgedAt} is null`))
      .returning({ lineId: boletaDeliveries.payrollLineId })
    const row = await ackOf(tx, token)
    if (updated)
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: 'boleta_deliveries',
        entityId: row.line_id,
        actor: row.email ?? 'trabajador',
        description: `Recepción de la boleta de ${periodLabel(row.period)} de ${row.full_name} (planilla ${row.code}) confirmada desde ${address}`,
      })
    return { row, already: !updated }
  })
}
