import { type Database, describeChanges, recordAudit, type Transaction } from '@planillas/db'
import { syncEmployeeWithContracts } from '@planillas/db/contract-sync'
import {
  CONTRACT_MESSAGES,
  type ContractInput,
  calendarStatus,
  contractEndDate,
  contractPay,
  contractPayDate,
  formatDate,
  isCurrentContract,
  todayInLima,
} from '@planillas/domain'
import { badRequest, found, withUniqueMessages } from '../../lib/errors'
import { AUDIT_LABELS, auditView, contractLabel, creationText } from './audit-text'
import * as q from './queries'
import { checkReferences } from './references'

/** The unique-index violations of a contract save and what the clerk is told. */
export const CONTRACT_UNIQUE_MESSAGES = {
  contracts_one_current_per_employee: CONTRACT_MESSAGES.alreadyCurrent,
  contracts_renews_unique: 'Ese contrato ya fue renovado',
}

export type SaveContext = { db: Database; actor: string; noticeDays: number; today?: string }

/** The closing columns of a contract the calendar has already ended. */
const EXPIRED = 'Vencimiento del plazo'

/** The columns a create or update writes, with the pay and the calendar's status computed here. */
function columnsOf(input: ContractInput, today: string, noticeDays: number, actor: string) {
  // The server's end date, whatever the client sent (docs/domain.md).
  const finishDate = contractEndDate(input.startDate, input.contractType)
  // Stored as of the save; reads recompute it for their own pay date (`contractPaySql`).
  const pay = contractPay(
    input.baseSalary,
    input.familyAllowance,
    contractPayDate({ startDate: input.startDate, finishDate }, today),
  )
  const status = calendarStatus(finishDate, today, noticeDays)
  return {
    employeeId: input.employeeId,
    companyId: input.companyId,
    areaId: input.areaId,
    positionId: input.positionId,
    contractType: input.contractType,
    startDate: input.startDate,
    finishDate,
    baseSalary: pay.baseSalary.toFixed(2),
    familyAllowance: input.familyAllowance,
    familyAllowanceAmount: pay.familyAllowance.toFixed(2),
    totalSalary: pay.totalSalary.toFixed(2),
    status,
    closedOn: status === 3 ? finishDate : null,
    closeReason: status === 3 ? EXPIRED : null,
    closedBy: status === 3 ? actor : null,
  }
}

/**
 * Registers a contract (or a renewal) in one transaction: the contract, the renewed contract
 * closed as FINALIZADO, the employee's status and assignment, and their audit entries. A second
 * current contract for the employee is refused by the database's partial unique index, even when
 * two requests race; the check before it only gives the same answer sooner.
 */
export async function createContract(ctx: SaveContext, input: ContractInput): Promise<number> {
  return withUniqueMessages(
    () => ctx.db.transaction((tx) => insertContractIn(tx, ctx, input)),
    CONTRACT_UNIQUE_MESSAGES,
  )
}

/**
 * The registration of `createContract` inside the caller's transaction (hiring an applicant uses
 * it); the caller maps unique-index violations (`CONTRACT_UNIQUE_MESSAGES`).
 */
export async function insertContractIn(
  tx: Transaction,
  ctx: Omit<SaveContext, 'db'>,
  input: ContractInput,
): Promise<number> {
  const today = ctx.today ?? todayInLima()
  await checkReferences(tx, input)
  const renewed = input.renewsContractId ? await closeForRenewal(tx, input, ctx.actor) : undefined
  const columns = columnsOf(input, today, ctx.noticeDays, ctx.actor)
  if (isCurrentContract(columns.status) && (await q.currentContractOf(tx, input.employeeId))) {
    throw badRequest(CONTRACT_MESSAGES.alreadyCurrent)
  }
  const number = await q.nextContractNumber(tx, input.startDate)
  const row = await q.insertContract(tx, {
    ...columns,
    number,
    renewsContractId: renewed?.id ?? null,
    createdBy: ctx.actor,
  })
  const created = found(await q.getContract(tx, row.id))
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'contracts',
    entityId: row.id,
    actor: ctx.actor,
    description: renewed
      ? `${creationText(created)}; renueva el contrato ${renewed.number}`
      : creationText(created),
  })
  if (renewed) {
    await q.updateContract(tx, renewed.id, { closeReason: `Renovado con el contrato ${number}` })
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'contracts',
      entityId: renewed.id,
      actor: ctx.actor,
      description: `Finalizó el contrato ${renewed.number} al renovarlo con el contrato ${number} (fin ${formatDate(renewed.finishDate)})`,
    })
  }
  await syncEmployeeWithContracts(tx, input.employeeId, ctx.actor, `contrato ${number} registrado`)
  return row.id
}

/**
 * Renewal: the renewed contract must be the same employee's, POR VENCER, and end before the new
 * one starts. It is closed as FINALIZADO on its own end date in the transaction that registers its
 * successor, so the employee never holds two current contracts (docs/decisions/contracts.md).
 */
async function closeForRenewal(tx: Transaction, input: ContractInput, actor: string) {
  const old = await q.lockContract(tx, input.renewsContractId as number)
  if (!old) throw badRequest('El contrato a renovar no existe')
  if (old.employeeId !== input.employeeId) throw badRequest(CONTRACT_MESSAGES.renewOtherEmployee)
  if (!old.finishDate) throw badRequest(CONTRACT_MESSAGES.renewIndefinite)
  if (old.status !== 2) throw badRequest(CONTRACT_MESSAGES.renewOnlyToExpire)
  if (input.startDate <= old.finishDate) {
    throw badRequest(
      `La renovación debe iniciar después del fin del contrato ${old.number} (${formatDate(old.finishDate)})`,
    )
  }
  await q.updateContract(tx, old.id, {
    status: 3,
    closedOn: old.finishDate,
    closeReason: 'Renovado',
    closedBy: actor,
  })
  return old
}

/**
 * Edits a current contract: dates, pay and assignment are recomputed (its status too, from the
 * calendar); the number stays. FINALIZADO and DESPEDIDO contracts are history and are not edited.
 */
export async function updateContract(ctx: SaveContext, id: number, input: ContractInput): Promise<void> {
  const today = ctx.today ?? todayInLima()
  await withUniqueMessages(
    () =>
      ctx.db.transaction(async (tx) => {
        const locked = found(await q.lockContract(tx, id))
        if (!isCurrentContract(locked.status)) throw badRequest(CONTRACT_MESSAGES.closedNotEditable)
        await checkReferences(tx, input, locked)
        const before = found(await q.getContract(tx, id))
        await q.updateContract(tx, id, columnsOf(input, today, ctx.noticeDays, ctx.actor))
        const after = found(await q.getContract(tx, id))
        const changes = describeChanges(auditView(before), auditView(after), AUDIT_LABELS)
        if (changes === 'sin cambios') return
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'contracts',
          entityId: id,
          actor: ctx.actor,
          description: `Actualizó el contrato ${contractLabel(after)}: ${changes}`,
        })
        const cause = `contrato ${after.number} actualizado`
        if (before.employeeId !== after.employeeId) {
          await syncEmployeeWithContracts(tx, before.employeeId, ctx.actor, cause)
        }
        await syncEmployeeWithContracts(tx, after.employeeId, ctx.actor, cause)
      }),
    CONTRACT_UNIQUE_MESSAGES,
  )
}
