import { type Database, recordAudit } from '@planillas/db'
import { HIRE_MESSAGES, type HireInput } from '@planillas/domain'
import { badRequest, found, notFound, withUniqueMessages } from '../../lib/errors'
import { contractLabel } from '../contracts/audit-text'
import { getContract } from '../contracts/queries'
import { CONTRACT_UNIQUE_MESSAGES, insertContractIn } from '../contracts/save'
import { withEmployeeConstraints } from '../employees/constraint-messages'
import { currentContractOf, findEmployeeByDocument } from '../employees/queries'
import { insertEmployeeIn, updateEmployeeIn } from '../employees/service'
import * as q from './queries'

export type HireContext = { db: Database; actor: string; noticeDays: number; today?: string }

/**
 * 'Contratar': the employee and their contract from one form, in one transaction with
 * the audit entries of both and of the applicant. The employee and contract services' own rules
 * apply (active bank, references, one current contract). A document whose employee already has a
 * current contract is refused with the contract's message and nothing changes; a former employee
 * (the document's employee without a current contract) is updated with the form's data and given
 * the new contract.
 */
export async function hireApplicant(
  ctx: HireContext,
  id: number,
  input: HireInput,
): Promise<{ employeeId: number; contractId: number }> {
  const { contractType, startDate, finishDate, baseSalary, familyAllowance, ...employee } = input
  return withEmployeeConstraints(() =>
    withUniqueMessages(
      () =>
        ctx.db.transaction(async (tx) => {
          const applicant = await q.lockApplicant(tx, id)
          if (!applicant) throw notFound()
          if (applicant.hiredContractId) throw badRequest(HIRE_MESSAGES.alreadyHired)
          const existing = await findEmployeeByDocument(tx, employee.identifierType, employee.identifier)
          if (existing && (await currentContractOf(tx, existing.id))) {
            throw badRequest(HIRE_MESSAGES.alreadyCurrent)
          }
          let employeeId: number
          if (existing) {
            await updateEmployeeIn(tx, ctx.actor, existing.id, employee)
            employeeId = existing.id
          } else {
            employeeId = await insertEmployeeIn(tx, ctx.actor, employee)
          }
          const contractId = await insertContractIn(tx, ctx, {
            employeeId,
            contractType,
            startDate,
            finishDate,
            companyId: employee.companyId,
            areaId: employee.areaId,
            positionId: employee.positionId,
            baseSalary,
            familyAllowance,
            renewsContractId: undefined,
          })
          await q.markHired(tx, id, employeeId, contractId)
          const contract = found(await getContract(tx, contractId))
          await recordAudit(tx, {
            action: 'UPDATE',
            entity: 'applicants',
            entityId: id,
            actor: ctx.actor,
            description: `Contrató al postulante ${applicant.code} ${applicant.name} ${applicant.surname}: contrato ${contractLabel(contract)}`,
          })
          return { employeeId, contractId }
        }),
      CONTRACT_UNIQUE_MESSAGES,
    ),
  )
}
