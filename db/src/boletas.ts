import { type BoletaConcept, type BoletaData, decimalToCents } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import { rowsOf } from './client'
import type { Executor } from './executor'

/**
 * The boletas of a payroll's lines, as `@planillas/formats/boleta-pdf` draws them, read the same way
 * by the API (one boleta) and the worker (a payroll's, page by page in line order).
 *
 * A payroll names no company: the employer is the company of the worker's contract in force in
 * the payroll's period (the latest one that started by the period's end and had not ended before
 * its start), else the company on the employee's record (docs/decisions/boletas.md). The date of
 * entry is the earliest start among the worker's contracts with that company up to the period's end;
 * the position is the contract's, else the record's.
 */
export type BoletaWithRecipient = BoletaData & {
  payrollId: number
  employeeId: number
  /** The worker's personal e-mail, where the boleta is sent. */
  email: string | null
}

type Row = {
  line_id: string | number
  payroll_id: number
  employee_id: number
  payroll_code: string
  payroll_name: string
  period: string
  full_name: string
  identifier_type: number
  identifier: string
  amount: string
  paid_date: string | Date | null
  days_worked: number | null
  ordinary_minutes: number | null
  overtime_minutes: number | null
  contract_company: string | null
  ruc: string | null
  company_name: string | null
  entry_date: string | Date | null
  position: string | null
  email: string | null
}

const isoOf = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

export type BoletaSelection =
  | { payrollId: number; lineIds: number[] }
  | { payrollId: number; afterLineId: number; limit: number }
  | { employeeId: number; lineIds: number[] }

export async function loadBoletas(db: Executor, selection: BoletaSelection): Promise<BoletaWithRecipient[]> {
  const where =
    'afterLineId' in selection
      ? sql`l.payroll_id = ${selection.payrollId} and l.id > ${selection.afterLineId}`
      : 'payrollId' in selection
        ? sql`l.payroll_id = ${selection.payrollId} and l.id = any(${`{${selection.lineIds.join(',')}}`}::bigint[])`
        : sql`l.employee_id = ${selection.employeeId} and l.id = any(${`{${selection.lineIds.join(',')}}`}::bigint[])`
  const limit = 'limit' in selection ? sql`limit ${selection.limit}` : sql``
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with lines as (
        select l.*, p.code as payroll_code, p.name as payroll_name, p.period,
          to_date(p.period, 'YYYYMM') as period_start,
          (to_date(p.period, 'YYYYMM') + interval '1 month' - interval '1 day')::date as period_end
        from payroll_lines l join payrolls p on p.id = l.payroll_id
        where ${where}
        order by l.id
        ${limit}
      )
      select l.id as line_id, l.payroll_id, l.employee_id, l.payroll_code, l.payroll_name, l.period,
        l.full_name, l.identifier_type, l.identifier, l.amount::text as amount, l.paid_date::text as paid_date,
        l.days_worked, l.ordinary_minutes, l.overtime_minutes,
        c.company_id::text as contract_company,
        coalesce(cc.ruc, ec.ruc) as ruc, coalesce(cc.name, ec.name) as company_name,
        (select min(e2.start_date) from contracts e2
          where e2.employee_id = l.employee_id and e2.company_id = coalesce(c.company_id, e.company_id)
            and e2.start_date <= l.period_end)::text as entry_date,
        coalesce(cp.description, ep.description) as position,
        e.personal_email as email
      from lines l
      join employees e on e.id = l.employee_id
      left join lateral (
        select c.company_id, c.position_id from contracts c
        where c.employee_id = l.employee_id and c.start_date <= l.period_end
          and coalesce(c.closed_on, c.finish_date, l.period_start) >= l.period_start
        order by c.start_date desc, c.id desc limit 1
      ) c on true
      left join companies cc on cc.id = c.company_id
      left join companies ec on ec.id = e.company_id
      left join positions cp on cp.id = c.position_id
      left join positions ep on ep.id = e.position_id
      order by l.id`),
  )
  if (!rows.length) return []
  const ids = rows.map((r) => Number(r.line_id))
  const concepts = rowsOf<{
    line_id: string | number
    code: string
    description: string
    kind: number
    amount_cents: string | number
  }>(
    await db.execute(sql`
      select payroll_line_id as line_id, code, description, kind, amount_cents
      from payroll_line_concepts where payroll_line_id = any(${`{${ids.join(',')}}`}::bigint[])
      order by payroll_line_id, code`),
  )
  const byLine = new Map<number, BoletaConcept[]>()
  for (const c of concepts) {
    const list = byLine.get(Number(c.line_id)) ?? []
    list.push({
      code: c.code,
      description: c.description,
      kind: Number(c.kind),
      amountCents: Number(c.amount_cents),
    })
    byLine.set(Number(c.line_id), list)
  }
  return rows.map((r) => ({
    lineId: Number(r.line_id),
    payrollId: Number(r.payroll_id),
    employeeId: Number(r.employee_id),
    payrollCode: r.payroll_code,
    payrollName: r.payroll_name,
    period: r.period,
    employer: {
      ruc: r.ruc,
      name: r.company_name,
      source: r.contract_company ? 'contract' : r.ruc ? 'employee' : 'none',
    },
    worker: {
      fullName: r.full_name,
      identifierType: Number(r.identifier_type),
      identifier: r.identifier,
      entryDate: isoOf(r.entry_date),
      position: r.position,
    },
    daysWorked: r.days_worked === null ? null : Number(r.days_worked),
    ordinaryMinutes: r.ordinary_minutes === null ? null : Number(r.ordinary_minutes),
    overtimeMinutes: r.overtime_minutes === null ? null : Number(r.overtime_minutes),
    concepts: byLine.get(Number(r.line_id)) ?? [],
    amountCents: decimalToCents(r.amount),
    paidDate: isoOf(r.paid_date),
    email: r.email,
  }))
}
