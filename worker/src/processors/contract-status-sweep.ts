import { contracts, type Database, employees, recordAudit, SYSTEM_ACTOR } from '@planillas/db'
import { employeesOutOfStep, syncEmployeeWithContracts } from '@planillas/db/contract-sync'
import {
  addDays,
  ContractStatusSweepPayloadSchema,
  contractStatus,
  DEFAULT_EXPIRY_NOTICE_DAYS,
  enumLabel,
  formatDate,
  sweepTarget,
  todayInLima,
} from '@planillas/domain'
import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Logger } from '../context'

/**
 * What the sweep needs: the database, a logger, the notice period as the process read it at start
 * (CONTRACT_EXPIRY_NOTICE_DAYS; unset, the domain's default) and, for tests, a clock.
 */
export type ContractSweepContext = {
  db: Database
  log: Logger
  now?: () => Date
  noticeDays?: number
}

export type ContractSweepOutcome = { date: string; toExpire: number; finished: number; employees: number }

const EXPIRED = 'Vencimiento del plazo'

/**
 * The daily contract job: on the Lima day it runs for, VIGENTE contracts within the
 * notice period (30 days by default) become POR VENCER and current contracts past their end date
 * become FINALIZADO; then every employee whose status disagrees with their contracts is brought
 * back in step. One transaction per contract, each with its audit entries by the system user.
 * Idempotent: each contract is re-read under a lock and moved only forward, so a second run on the
 * same day, or two workers at once, change nothing more.
 */
export async function processContractStatusSweep(
  payload: unknown,
  ctx: ContractSweepContext,
): Promise<ContractSweepOutcome> {
  const { date } = ContractStatusSweepPayloadSchema.parse(payload ?? {})
  const today = date ?? todayInLima(ctx.now?.() ?? new Date())
  const noticeDays = ctx.noticeDays ?? DEFAULT_EXPIRY_NOTICE_DAYS
  const outcome: ContractSweepOutcome = { date: today, toExpire: 0, finished: 0, employees: 0 }

  const due = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        inArray(contracts.status, [1, 2]),
        isNotNull(contracts.finishDate),
        or(
          and(eq(contracts.status, 1), lte(contracts.finishDate, addDays(today, noticeDays))),
          lt(contracts.finishDate, today),
        ),
      ),
    )
    .orderBy(asc(contracts.id))
  for (const { id } of due) {
    const moved = await sweepOne(ctx.db, id, today, noticeDays)
    if (moved === 2) outcome.toExpire++
    if (moved === 3) outcome.finished++
  }

  for (const employeeId of await employeesOutOfStep(ctx.db)) {
    const changed = await ctx.db.transaction((tx) =>
      syncEmployeeWithContracts(
        tx,
        employeeId,
        SYSTEM_ACTOR,
        `revisión diaria de contratos del ${formatDate(today)}`,
      ),
    )
    if (changed) outcome.employees++
  }
  ctx.log.info('Revisión diaria de contratos', outcome)
  return outcome
}

/** Moves one contract if the calendar says so; returns the status it moved to, or null. */
async function sweepOne(db: Database, id: number, today: string, noticeDays: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: contracts.id,
        number: contracts.number,
        status: contracts.status,
        finishDate: contracts.finishDate,
        employeeId: contracts.employeeId,
        employee: sql<string>`${employees.code} || ' ' || ${employees.name} || ' ' || ${employees.surname}`,
      })
      .from(contracts)
      .innerJoin(employees, eq(employees.id, contracts.employeeId))
      .where(eq(contracts.id, id))
      .for('update', { of: contracts })
    const target = row ? sweepTarget(row.status, row.finishDate, today, noticeDays) : null
    if (!row || !target) return null
    const closing =
      target === 3 ? { closedOn: row.finishDate, closeReason: EXPIRED, closedBy: SYSTEM_ACTOR } : {}
    await tx
      .update(contracts)
      .set({ status: target, ...closing })
      .where(eq(contracts.id, id))
    const when =
      target === 3 ? `venció el ${formatDate(row.finishDate)}` : `vence el ${formatDate(row.finishDate)}`
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'contracts',
      entityId: id,
      actor: SYSTEM_ACTOR,
      description:
        `El contrato ${row.number} de ${row.employee} pasó de ${enumLabel(contractStatus, row.status)} a ` +
        `${enumLabel(contractStatus, target)} (${when}; revisión diaria del ${formatDate(today)})`,
    })
    if (target === 3) {
      await syncEmployeeWithContracts(tx, row.employeeId, SYSTEM_ACTOR, `contrato ${row.number} vencido`)
    }
    return target
  })
}
