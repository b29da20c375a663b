import { recordAudit } from '@planillas/db'
import { syncEmployeeWithContracts } from '@planillas/db/contract-sync'
import {
  CONTRACT_MESSAGES,
  type ContractStatusBody,
  contractStatus,
  enumLabel,
  formatDate,
  todayInLima,
  transitionProblem,
} from '@planillas/domain'
import { badRequest, found } from '../../lib/errors'
import { contractLabel } from './audit-text'
import * as q from './queries'
import type { SaveContext } from './save'

const VERB: Record<number, string> = { 3: 'Finalizó el', 4: 'Despidió al colaborador del' }

/**
 * PUT /contracts/{id}/status?status=N: applies the engine's transitions (Finalizar, Despedir with
 * a reason) and refuses every other one with its reason. The day it takes effect defaults to
 * today; it cannot be in the future nor before the contract started (unless it had not started).
 */
export async function changeContractStatus(
  ctx: SaveContext,
  id: number,
  to: number,
  body: ContractStatusBody,
): Promise<void> {
  const today = ctx.today ?? todayInLima()
  await ctx.db.transaction(async (tx) => {
    const before = found(await q.lockContract(tx, id))
    const problem = transitionProblem(before.status, to, body.reason)
    if (problem) throw badRequest(problem)
    const closedOn = body.date ?? today
    if (closedOn > today) throw badRequest(CONTRACT_MESSAGES.closeDateFuture)
    if (closedOn < before.startDate && before.startDate <= today) {
      throw badRequest(`${CONTRACT_MESSAGES.closeDateBeforeStart} (${formatDate(before.startDate)})`)
    }
    await q.updateContract(tx, id, { status: to, closedOn, closeReason: body.reason, closedBy: ctx.actor })
    const after = found(await q.getContract(tx, id))
    const reason = body.reason ? `; motivo: ${body.reason}` : ''
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'contracts',
      entityId: id,
      actor: ctx.actor,
      description:
        `${VERB[to]} contrato ${contractLabel(after)}: ${enumLabel(contractStatus, before.status)} → ` +
        `${enumLabel(contractStatus, to)} (fecha de cese ${formatDate(closedOn)}${reason})`,
    })
    const cause = `contrato ${after.number} ${enumLabel(contractStatus, to)}`
    await syncEmployeeWithContracts(tx, after.employeeId, ctx.actor, cause)
  })
}
