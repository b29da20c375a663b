import {
  addDays,
  addMonths,
  CONTRACT_STATUS,
  calendarStatus,
  contractEndDate,
  contractPay,
  EMPLOYEE_STATUS,
  isCurrentContract,
  renewalStart,
  todayInLima,
} from '@planillas/domain'
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { rowsOf } from './client'
import type { Database } from './executor'
import { contracts, employees } from './schema/index'
import type { SeedStep } from './seed-step'

const SEED_ACTOR = 'seed@planillas.pe'
/** Employees from this position on keep no contract: the demo (and its tests) register theirs. */
const WITH_CONTRACTS = 22

type Plan = { duration: number; startsDaysAgo: number; history?: number; dismissed?: boolean }

/**
 * Dated from today, so the demo always shows every status: VIGENTE, POR VENCER (ends within 30
 * days), FINALIZADO history (some renewed back to back) and a DESPEDIDO one.
 */
const PLANS: Plan[] = [
  { duration: 5, startsDaysAgo: 420 },
  { duration: 4, startsDaysAgo: 200 },
  { duration: 1, startsDaysAgo: 15 },
  { duration: 3, startsDaysAgo: 160, history: 3 },
  { duration: 2, startsDaysAgo: 30, dismissed: true },
  { duration: 4, startsDaysAgo: 300, history: 4 },
]

type Row = typeof contracts.$inferInsert

async function numberFor(db: Database, startDate: string) {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select nextval('contract_number_seq')::int as n`),
  )
  return `CT-${startDate.slice(0, 4)}-${String(n).padStart(6, '0')}`
}

function contractRow(
  employee: typeof employees.$inferSelect,
  i: number,
  duration: number,
  startDate: string,
): Row {
  const finishDate = contractEndDate(startDate, duration)
  const pay = contractPay(1130 + ((i * 137) % 40) * 100, i % 3 === 0, startDate)
  const status = calendarStatus(finishDate, todayInLima())
  return {
    number: '',
    employeeId: employee.id,
    companyId: employee.companyId as number,
    areaId: employee.areaId as number,
    positionId: employee.positionId as number,
    contractType: duration,
    startDate,
    finishDate,
    baseSalary: pay.baseSalary.toFixed(2),
    familyAllowance: i % 3 === 0,
    familyAllowanceAmount: pay.familyAllowance.toFixed(2),
    totalSalary: pay.totalSalary.toFixed(2),
    status,
    closedOn: status === CONTRACT_STATUS.FINISHED ? finishDate : null,
    closeReason: status === CONTRACT_STATUS.FINISHED ? 'Vencimiento del plazo' : null,
    closedBy: status === CONTRACT_STATUS.FINISHED ? SEED_ACTOR : null,
    createdBy: SEED_ACTOR,
  }
}

/** Demo contracts for the first demo employees; the others stay SIN CONTRATO. Runs once. */
export const contractSeedStep: SeedStep = {
  counted: ['contrato nuevo', 'contratos nuevos'],
  run: async (db: Database) => {
    const [{ n }] = await db.select({ n: count() }).from(contracts)
    if (n > 0) return 0
    const people = (
      await db.select().from(employees).orderBy(asc(employees.id)).limit(WITH_CONTRACTS)
    ).filter((e) => e.companyId && e.areaId && e.positionId)
    const today = todayInLima()
    let created = 0
    for (const [i, employee] of people.entries()) {
      const plan = PLANS[i % PLANS.length]
      const start = addDays(today, -plan.startsDaysAgo)
      const rows: Row[] = []
      if (plan.history) {
        // The previous contract of the same length: whole months, ending the day before this one starts.
        const previousStart = addMonths(start, -[0, 1, 3, 6, 12][plan.history])
        rows.push(contractRow(employee, i, plan.history, previousStart))
      }
      const current = contractRow(employee, i, plan.duration, start)
      if (plan.dismissed) {
        Object.assign(current, {
          status: CONTRACT_STATUS.TERMINATED,
          closedOn: addDays(today, -3),
          closeReason: 'Abandono de trabajo por más de tres días consecutivos',
          closedBy: SEED_ACTOR,
        })
      }
      rows.push(current)
      let previousId: number | null = null
      for (const row of rows) {
        row.number = await numberFor(db, row.startDate)
        const renews: number | null =
          previousId && row.startDate === renewalStart(rows[0].finishDate ?? '') ? previousId : null
        const [inserted]: { id: number }[] = await db
          .insert(contracts)
          .values({ ...row, renewsContractId: renews })
          .returning({ id: contracts.id })
        if (renews) {
          await db
            .update(contracts)
            .set({ closeReason: `Renovado con el contrato ${row.number}` })
            .where(eq(contracts.id, renews))
        }
        previousId = inserted.id
        created++
      }
    }
    const active = people.filter((_, i) => {
      const plan = PLANS[i % PLANS.length]
      return (
        !plan.dismissed &&
        isCurrentContract(
          calendarStatus(contractEndDate(addDays(today, -plan.startsDaysAgo), plan.duration), today),
        )
      )
    })
    if (active.length) {
      await db
        .update(employees)
        .set({ status: EMPLOYEE_STATUS.ACTIVE })
        .where(
          inArray(
            employees.id,
            active.map((e) => e.id),
          ),
        )
    }
    return created
  },
}
