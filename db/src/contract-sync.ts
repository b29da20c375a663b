import { EMPLOYEE_STATUS, employeeStatus, enumLabel } from '@planillas/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { recordAudit } from './audit'
import type { Executor } from './executor'
import { contracts, employees } from './schema/index'

/**
 * An employee's status follows their contracts (docs/domain.md): ACTIVO while they hold a current
 * contract (VIGENTE or POR VENCER), SIN CONTRATO otherwise; while current, the contract's company,
 * area and position are the employee's assignment. The API (every contract change) and the daily
 * job call this inside the transaction that changed the contract; `cause` ends the audit text.
 * Returns whether the employee changed.
 */
export async function syncEmployeeWithContracts(
  tx: Executor,
  employeeId: number,
  actor: string,
  cause: string,
): Promise<boolean> {
  const [current] = await tx
    .select({
      number: contracts.number,
      companyId: contracts.companyId,
      areaId: contracts.areaId,
      positionId: contracts.positionId,
    })
    .from(contracts)
    .where(and(eq(contracts.employeeId, employeeId), inArray(contracts.status, [1, 2])))
  const [employee] = await tx
    .select({
      id: employees.id,
      code: employees.code,
      name: employees.name,
      surname: employees.surname,
      status: employees.status,
      companyId: employees.companyId,
      areaId: employees.areaId,
      positionId: employees.positionId,
    })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .for('update')
  if (!employee) return false

  const status = current ? EMPLOYEE_STATUS.ACTIVE : EMPLOYEE_STATUS.NO_CONTRACT
  const assignment = current
    ? { companyId: current.companyId, areaId: current.areaId, positionId: current.positionId }
    : {}
  const statusChanged = employee.status !== status
  const assignmentChanged =
    current !== undefined &&
    (employee.companyId !== current.companyId ||
      employee.areaId !== current.areaId ||
      employee.positionId !== current.positionId)
  if (!statusChanged && !assignmentChanged) return false

  await tx
    .update(employees)
    .set({ status, ...assignment })
    .where(eq(employees.id, employeeId))
  const who = `${employee.code} ${employee.name} ${employee.surname}`
  const changes = [
    statusChanged ? `pasó a ${enumLabel(employeeStatus, status)}` : null,
    assignmentChanged ? `tomó la empresa, el área y el cargo del contrato ${current?.number}` : null,
  ].filter(Boolean)
  await recordAudit(tx, {
    action: 'UPDATE',
    entity: 'employees',
    entityId: employeeId,
    actor,
    description: `El colaborador ${who} ${changes.join(' y ')} (${cause})`,
  })
  return true
}

/**
 * Employees whose status disagrees with their contracts (for example after a status was set by
 * hand): the daily job brings each of them back in step.
 */
export async function employeesOutOfStep(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      sql`${employees.status} <> case when exists (
        select 1 from ${contracts} c where c.employee_id = ${employees.id} and c.status in (1, 2)
      ) then 1 else 2 end`,
    )
    .orderBy(employees.id)
  return rows.map((r) => r.id)
}
