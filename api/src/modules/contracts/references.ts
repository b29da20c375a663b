import { areas, companies, type Executor, employees, positions } from '@planillas/db'
import { CONTRACT_MESSAGES, RECORD_STATUS } from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'

type Refs = { employeeId: number; companyId: number; areaId: number; positionId: number }

const SUSPENDED = {
  companyId: 'La empresa seleccionada está suspendida: actívela o elija otra',
  areaId: 'El área seleccionada está suspendida: actívela o elija otra',
  positionId: 'El cargo seleccionado está suspendido: actívelo o elija otro',
} as const

/**
 * Checks what a contract points at: the employee, company, area and position must exist, and a
 * company, area or position newly chosen must be active (an existing contract keeps a catalog
 * record that was suspended later). Every problem is reported at once.
 */
export async function checkReferences(tx: Executor, refs: Refs, before?: Partial<Refs>) {
  const [employee] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.id, refs.employeeId))
  const lookups = [
    ['companyId', companies, CONTRACT_MESSAGES.companyNotFound],
    ['areaId', areas, CONTRACT_MESSAGES.areaNotFound],
    ['positionId', positions, CONTRACT_MESSAGES.positionNotFound],
  ] as const
  const problems: string[] = employee ? [] : [CONTRACT_MESSAGES.employeeNotFound]
  for (const [key, table, missing] of lookups) {
    const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, refs[key]))
    if (!row) problems.push(missing)
    else if (row.status !== RECORD_STATUS.ACTIVE && before?.[key] !== refs[key]) problems.push(SUSPENDED[key])
  }
  if (problems.length) throw badRequest(problems)
}
