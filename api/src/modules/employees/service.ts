import { type Database, describeChanges, recordAudit, type Transaction } from '@planillas/db'
import { syncEmployeeWithContracts } from '@planillas/db/contract-sync'
import {
  EMPLOYEE_MESSAGES,
  EMPLOYEE_STATUS,
  type EmployeeInput,
  enumLabel,
  identifierType,
} from '@planillas/domain'
import { badRequest, found } from '../../lib/errors'
import { requireActiveBank } from '../banks/queries'
import { AUDIT_LABELS, auditView, confirmationText, employeeLabel, withdrawalText } from './audit-text'
import { resolveVerification } from './bank-verification'
import { withEmployeeConstraints } from './constraint-messages'
import * as q from './queries'
import { toEmployeeRow } from './to-row'

/**
 * Registers an employee in one transaction with its audit entry. Its bank data start unconfirmed
 * (another user confirms them). The bank must be active.
 */
export async function createEmployee(db: Database, actor: string, input: EmployeeInput): Promise<number> {
  return withEmployeeConstraints(() => db.transaction((tx) => insertEmployeeIn(tx, actor, input)))
}

/**
 * The registration of `createEmployee` inside the caller's transaction (hiring an applicant uses it);
 * the caller maps constraint violations (`withEmployeeConstraints`).
 */
export async function insertEmployeeIn(
  tx: Transaction,
  actor: string,
  input: EmployeeInput,
): Promise<number> {
  await requireActiveBank(tx, input.bankId)
  // New bank data are unconfirmed until another user confirms them (four eyes).
  const { confirmed: _c, withdrawn: _w, ...verification } = resolveVerification(null, input, actor)
  const { id } = await q.insertEmployee(tx, {
    ...toEmployeeRow(input),
    ...verification,
    createdBy: actor,
  })
  const created = found(await q.getEmployee(tx, id))
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'employees',
    entityId: id,
    actor,
    description: `Creó el colaborador ${employeeLabel(created)} (${enumLabel(identifierType, created.identifierType)} ${created.identifier})`,
  })
  return id
}

/**
 * Edits an employee: the changes and any bank confirmation or withdrawal are audited in the same
 * transaction. While a contract is current the assignment is the contract's and cannot change here.
 */
export async function updateEmployee(
  db: Database,
  actor: string,
  id: number,
  input: EmployeeInput,
): Promise<void> {
  await withEmployeeConstraints(() => db.transaction((tx) => updateEmployeeIn(tx, actor, id, input)))
}

/**
 * The edit of `updateEmployee` inside the caller's transaction (hiring a former employee uses it);
 * the caller maps constraint violations (`withEmployeeConstraints`).
 */
export async function updateEmployeeIn(
  tx: Transaction,
  actor: string,
  id: number,
  input: EmployeeInput,
): Promise<void> {
  const before = found(await q.getEmployee(tx, id))
  // While a contract is current, the assignment is the contract's (docs/domain.md).
  const contract = await q.currentContractOf(tx, before.id)
  if (
    contract &&
    (contract.companyId !== (input.companyId ?? null) ||
      contract.areaId !== (input.areaId ?? null) ||
      contract.positionId !== (input.positionId ?? null))
  )
    throw badRequest(EMPLOYEE_MESSAGES.assignmentByContract)
  // A bank suspended since it was chosen stays on the record until the bank is changed.
  if (input.bankId !== before.bankId) await requireActiveBank(tx, input.bankId)
  const { confirmed, withdrawn, ...verification } = resolveVerification(before, input, actor)
  await q.updateEmployee(tx, before.id, { ...toEmployeeRow(input), ...verification })
  const after = found(await q.getEmployee(tx, before.id))
  const changes = describeChanges(auditView(before), auditView(after), AUDIT_LABELS)
  if (changes !== 'sin cambios') {
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'employees',
      entityId: after.id,
      actor,
      description: `Actualizó el colaborador ${employeeLabel(after)}: ${changes}`,
    })
  }
  const bankNote = confirmed ? confirmationText(after) : withdrawn ? withdrawalText(after) : null
  if (bankNote)
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'employees',
      entityId: after.id,
      actor,
      description: bankNote,
    })
}

/**
 * PUT /employees/{id}/status: the status follows the contracts (docs/domain.md), so this call can only
 * put it back in step with them; any other status is refused with the reason.
 */
export async function putStatusInStep(
  db: Database,
  actor: string,
  id: number,
  status: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = found(await q.getEmployee(tx, id))
    const current = await q.currentContractOf(tx, before.id)
    const inStep = current ? EMPLOYEE_STATUS.ACTIVE : EMPLOYEE_STATUS.NO_CONTRACT
    if (status !== inStep)
      throw badRequest(current ? EMPLOYEE_MESSAGES.statusHasContract : EMPLOYEE_MESSAGES.statusNeedsContract)
    await syncEmployeeWithContracts(tx, before.id, actor, 'estado puesto al día a pedido')
  })
}
