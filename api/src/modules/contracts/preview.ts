import { type Executor, employees } from '@planillas/db'
import {
  belowMinimumWageWarning,
  CONTRACT_MESSAGES,
  type ContractPreviewInput,
  contractEndDate,
  contractPay,
  contractPayDate,
  fixedTermWarning,
  isIsoDate,
  renewalStart,
  todayInLima,
} from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import { badRequest, found } from '../../lib/errors'
import * as q from './queries'

const employeeOf = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: employees.id,
        code: employees.code,
        identifierType: employees.identifierType,
        identifier: employees.identifier,
        fullName: sql<string>`${employees.name} || ' ' || ${employees.surname}`,
        status: employees.status,
      })
      .from(employees)
      .where(eq(employees.id, id))
  )[0]

/** The five-year warning for a new or edited contract of an employee (null when none applies). */
async function termWarning(
  db: Executor,
  employeeId: number,
  next: { startDate: string; finishDate: string | null },
  exceptId?: number,
) {
  const history = (await q.contractHistoryOf(db, employeeId)).filter((c) => c.id !== exceptId)
  return fixedTermWarning(history, next)
}

/**
 * What the form shows while it is filled (POST /contracts/preview): the employee's document and
 * name, their current contract (the alert) unless it is the one edited or renewed, the end date,
 * the pay and the five-year warning. Nothing is saved.
 */
export async function previewContract(db: Executor, input: ContractPreviewInput) {
  const employee = input.employeeId ? ((await employeeOf(db, input.employeeId)) ?? null) : null
  const except = [input.contractId, input.renewsContractId].filter((id): id is number => Boolean(id))
  const current = employee ? ((await q.currentContractOf(db, employee.id, except)) ?? null) : null
  const startDate = isIsoDate(input.startDate) ? input.startDate : null
  const finishDate = contractEndDate(startDate, input.contractType)
  const base = Number(input.baseSalary)
  const pay =
    startDate &&
    input.baseSalary !== undefined &&
    input.baseSalary !== '' &&
    Number.isFinite(base) &&
    base > 0
      ? contractPay(
          base,
          Boolean(input.familyAllowance),
          contractPayDate({ startDate, finishDate }, todayInLima()),
        )
      : null
  const warning =
    employee && startDate
      ? await termWarning(db, employee.id, { startDate, finishDate }, input.contractId)
      : null
  const belowMinimum =
    pay && startDate
      ? belowMinimumWageWarning(pay.baseSalary, contractPayDate({ startDate, finishDate }, todayInLima()))
      : null
  return {
    employee,
    currentContract: current,
    alert: current ? CONTRACT_MESSAGES.alreadyCurrent : null,
    finishDate,
    familyAllowanceAmount: pay?.familyAllowance ?? null,
    totalSalary: pay?.totalSalary ?? null,
    warnings: [warning, belowMinimum].filter((w): w is string => Boolean(w)),
  }
}

/**
 * The form of 'Renovar' (GET /contracts/{id}/renewal): a new contract prefilled from a POR VENCER
 * one, starting the day after it ends, with the same duration, assignment and pay.
 */
export async function renewalPrefill(db: Executor, id: number) {
  const old = found(await q.getContract(db, id))
  if (old.status !== 2 || !old.finishDate) throw badRequest(CONTRACT_MESSAGES.renewOnlyToExpire)
  const startDate = renewalStart(old.finishDate)
  const finishDate = contractEndDate(startDate, old.contractType)
  const warning = await termWarning(db, old.employeeId, { startDate, finishDate })
  return {
    renewsContractId: old.id,
    renewsContractNumber: old.number,
    employeeId: old.employeeId,
    contractType: old.contractType,
    startDate,
    finishDate,
    companyId: old.companyId,
    areaId: old.areaId,
    positionId: old.positionId,
    baseSalary: old.baseSalary,
    familyAllowance: old.familyAllowance,
    warnings: warning ? [warning] : [],
  }
}
