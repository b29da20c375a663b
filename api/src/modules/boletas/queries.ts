import { boletaRuns, type Executor, rowsOf } from '@planillas/db'
import {
  BOLETA_STATE,
  type BoletaLineStatus,
  type BoletaRun,
  boletaStateOf,
  type PayrollBoletas,
  todayInLima,
} from '@planillas/domain'
import { and, eq, sql } from 'drizzle-orm'

/** The delivery and deadline of a payroll's (or a worker's) lines, as the screens show them. */

type DeliveryRow = {
  line_id: string | number
  paid_date: string | null
  delivered_at: Date | string | null
  delivered_on: string | null
  method: number | null
  delivered_by: string | null
  email: string | null
  acknowledged_at: Date | string | null
  has_email: boolean
}

const idArray = (ids: number[]) => `{${ids.join(',')}}`
export const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value))

const deliveryColumns = sql`
  l.id as line_id, l.paid_date::text as paid_date, d.delivered_at,
  (d.delivered_at at time zone 'America/Lima')::date::text as delivered_on,
  d.method, d.delivered_by, d.email, d.acknowledged_at, e.personal_email is not null as has_email`

export function toLineStatus(
  row: DeliveryRow,
  today: string,
  holidays: ReadonlySet<string>,
): BoletaLineStatus {
  const { state, dueDate, late } = boletaStateOf(
    { paidDate: row.paid_date, deliveredOn: row.delivered_on, acknowledged: row.acknowledged_at !== null },
    today,
    holidays,
  )
  return {
    lineId: Number(row.line_id),
    state,
    dueDate,
    late,
    deliveredAt: dateOrNull(row.delivered_at),
    method: row.method === null ? null : Number(row.method),
    deliveredBy: row.delivered_by,
    email: row.email,
    acknowledgedAt: dateOrNull(row.acknowledged_at),
    hasEmail: Boolean(row.has_email),
  }
}

export async function lineStatuses(
  db: Executor,
  payrollId: number,
  lineIds: number[],
  holidays: ReadonlySet<string>,
): Promise<BoletaLineStatus[]> {
  if (!lineIds.length) return []
  const rows = rowsOf<DeliveryRow>(
    await db.execute(sql`
      select ${deliveryColumns}
      from payroll_lines l join employees e on e.id = l.employee_id
      left join boleta_deliveries d on d.payroll_line_id = l.id
      where l.payroll_id = ${payrollId} and l.id = any(${idArray(lineIds)}::bigint[])
      order by l.id`),
  )
  const today = todayInLima()
  return rows.map((r) => toLineStatus(r, today, holidays))
}

/**
 * A payroll's boletas in totals. Lines are grouped by paid date and delivery day first (a payroll
 * is paid on a few days), and each group's deadline is worked out once.
 */
export async function payrollBoletas(
  db: Executor,
  payrollId: number,
  holidays: ReadonlySet<string>,
  mailConfigured: boolean,
): Promise<PayrollBoletas> {
  const groups = rowsOf<{
    paid_date: string | null
    delivered_on: string | null
    acknowledged: boolean
    has_email: boolean
    lines: number
  }>(
    await db.execute(sql`
      select l.paid_date::text as paid_date,
        (d.delivered_at at time zone 'America/Lima')::date::text as delivered_on,
        d.acknowledged_at is not null as acknowledged,
        e.personal_email is not null as has_email, count(*)::int as lines
      from payroll_lines l join employees e on e.id = l.employee_id
      left join boleta_deliveries d on d.payroll_line_id = l.id
      where l.payroll_id = ${payrollId}
      group by 1, 2, 3, 4`),
  )
  const today = todayInLima()
  const totals = {
    lines: 0,
    delivered: 0,
    deliveredLate: 0,
    acknowledged: 0,
    pending: 0,
    overdue: 0,
    withoutEmail: 0,
  }
  for (const g of groups) {
    const { state, late } = boletaStateOf(
      { paidDate: g.paid_date, deliveredOn: g.delivered_on, acknowledged: g.acknowledged },
      today,
      holidays,
    )
    const n = Number(g.lines)
    totals.lines += n
    if (g.delivered_on) {
      totals.delivered += n
      if (late) totals.deliveredLate += n
      if (state === BOLETA_STATE.ACKNOWLEDGED) totals.acknowledged += n
    } else {
      totals.pending += n
      if (state === BOLETA_STATE.OVERDUE) totals.overdue += n
      if (!g.has_email) totals.withoutEmail += n
    }
  }
  return { ...totals, mailConfigured, runs: await runsOf(db, payrollId) }
}

export async function runsOf(db: Executor, payrollId: number): Promise<BoletaRun[]> {
  const rows = await db
    .select()
    .from(boletaRuns)
    .where(eq(boletaRuns.payrollId, payrollId))
    .orderBy(boletaRuns.kind)
  return rows.map(toRun)
}

export const toRun = (r: typeof boletaRuns.$inferSelect): BoletaRun => ({
  kind: r.kind,
  status: r.status,
  progress: r.progress,
  total: r.total,
  done: r.done,
  failed: r.failed,
  message: r.message,
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt,
  finishedAt: r.finishedAt,
  hasFile: r.fileKey !== null,
})

/** One worker's boletas, newest period first. */
export async function employeeBoletas(db: Executor, employeeId: number, holidays: ReadonlySet<string>) {
  const rows = rowsOf<
    DeliveryRow & {
      payroll_id: number
      payroll_code: string
      payroll_name: string
      period: string
      amount: string
    }
  >(
    await db.execute(sql`
      select ${deliveryColumns}, p.id as payroll_id, p.code as payroll_code, p.name as payroll_name, p.period,
        l.amount::text as amount
      from payroll_lines l join payrolls p on p.id = l.payroll_id join employees e on e.id = l.employee_id
      left join boleta_deliveries d on d.payroll_line_id = l.id
      where l.employee_id = ${employeeId}
      order by p.period desc, p.id desc, l.id desc
      limit 240`),
  )
  const today = todayInLima()
  return rows.map((r) => {
    const status = toLineStatus(r, today, holidays)
    return {
      lineId: status.lineId,
      payrollId: Number(r.payroll_id),
      payrollCode: r.payroll_code,
      payrollName: r.payroll_name,
      period: r.period,
      amount: r.amount,
      paidDate: r.paid_date,
      state: status.state,
      dueDate: status.dueDate,
      late: status.late,
      deliveredAt: status.deliveredAt,
      acknowledgedAt: status.acknowledgedAt,
    }
  })
}

/**
 * Boletas past their deadline and not delivered, by payroll (VIGENTE payrolls, paid lines): the
 * lines are grouped by paid date first, so the deadline is worked out once per day paid.
 */
export async function overdueBoletas(db: Executor, holidays: ReadonlySet<string>) {
  const groups = rowsOf<{ id: number; code: string; name: string; paid_date: string; lines: number }>(
    await db.execute(sql`
      select p.id, p.code, p.name, l.paid_date::text as paid_date, count(*)::int as lines
      from payroll_lines l join payrolls p on p.id = l.payroll_id
      where p.status = 1 and l.paid_date is not null
        and not exists (select 1 from boleta_deliveries d where d.payroll_line_id = l.id)
      group by p.id, l.paid_date`),
  )
  const today = todayInLima()
  const byPayroll = new Map<number, { id: number; code: string; name: string; overdue: number }>()
  for (const g of groups) {
    const { state } = boletaStateOf(
      { paidDate: g.paid_date, deliveredOn: null, acknowledged: false },
      today,
      holidays,
    )
    if (state !== BOLETA_STATE.OVERDUE) continue
    const entry = byPayroll.get(g.id) ?? { id: g.id, code: g.code, name: g.name, overdue: 0 }
    entry.overdue += Number(g.lines)
    byPayroll.set(g.id, entry)
  }
  const payrolls = [...byPayroll.values()].sort((a, b) => b.overdue - a.overdue || a.id - b.id)
  return { total: payrolls.reduce((sum, p) => sum + p.overdue, 0), payrolls: payrolls.slice(0, 20) }
}

/** The stored ZIP of a payroll's boletas, or null. */
export const zipKeyOf = async (db: Executor, payrollId: number) =>
  (
    await db
      .select({ key: boletaRuns.fileKey })
      .from(boletaRuns)
      .where(and(eq(boletaRuns.payrollId, payrollId), eq(boletaRuns.kind, 1)))
  )[0]?.key ?? null
