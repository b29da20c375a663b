import { type Executor, payrollLineConcepts, rowsOf } from '@planillas/db'
import type { BoletaConcept, BoletaData } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import { insertFixturePayroll } from './payment-fixtures'
import { ensureFixtureBanks, insertFixtureEmployees } from './payroll-fixtures'

/**
 * The worked June 2026 boleta (AFP with commission on flow; docs/decisions/boletas.md): básico
 * 0121 S/ 2,500.00, asignación familiar 0201 S/ 113.00, AFP 0608 S/ 261.30, comisión 0601 S/ 40.50,
 * prima 0606 S/ 44.42 → net S/ 2,266.78; EsSalud 0804 S/ 235.17.
 */
export const JUNE_2026_CONCEPTS: BoletaConcept[] = [
  { code: '0121', description: 'Remuneración o jornal básico', kind: 1, amountCents: 250_000 },
  { code: '0201', description: 'Asignación familiar', kind: 1, amountCents: 11_300 },
  { code: '0601', description: 'Comisión AFP porcentual', kind: 2, amountCents: 4_050 },
  { code: '0606', description: 'Prima de seguro AFP', kind: 2, amountCents: 4_442 },
  { code: '0608', description: 'SPP - Aportaciones obligatorias', kind: 2, amountCents: 26_130 },
  { code: '0804', description: 'ESSALUD - Seguro regular trabajador', kind: 3, amountCents: 23_517 },
]

export const JUNE_2026_BOLETA: BoletaData = {
  lineId: 1,
  payrollCode: 'PL-2026-06',
  payrollName: 'Planilla junio 2026',
  period: '202606',
  employer: { ruc: '20100070970', name: 'Comercial Andina S.A.C.', source: 'contract' },
  worker: {
    fullName: 'Quispe Mamani, Rosa Elena',
    identifierType: 1,
    identifier: '45871236',
    entryDate: '2024-03-01',
    position: 'Analista contable',
  },
  daysWorked: 30,
  ordinaryMinutes: 14_400,
  overtimeMinutes: 150,
  concepts: JUNE_2026_CONCEPTS,
  amountCents: 226_678,
  paidDate: '2026-06-30',
}

/**
 * A June 2026 payroll for the boleta tests, written straight to the database: a company, an area
 * and a position; `workers` fixture employees (the first `withEmail` with an e-mail
 * `trabajador<n>@example.pe`); for the first, a contract from 01/03/2024 to 01/03/2025 and the one in force from 01/01/2026; every line
 * paid on `paidDate`; the first line carries the worked June concepts, the others none (a payroll
 * imported before concepts). Returns the ids.
 */
export async function insertBoletaPayroll(
  db: Executor,
  options: {
    code?: string
    workers?: number
    withEmail?: number
    paidDate?: string | null
    from?: number
  } = {},
): Promise<{ payrollId: number; lineIds: number[]; employeeIds: number[]; companyId: number }> {
  const { code = 'PL-2026-06', workers = 3, withEmail = workers, paidDate = '2026-06-30', from = 0 } = options
  await ensureFixtureBanks(db)
  await insertFixtureEmployees(db, workers, from)
  const [company] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into companies (ruc, name, address, created_by) values ('20100070970', 'Comercial Andina S.A.C.', 'Av. Arequipa 123, Lima', 'fixtures')
      on conflict (ruc) do update set name = excluded.name returning id`),
  )
  const [area] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into areas (description, created_by) values ('Contabilidad', 'fixtures')
      on conflict (lower(description)) do update set description = excluded.description returning id`),
  )
  const [position] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into positions (description, created_by) values ('Analista contable', 'fixtures')
      on conflict (lower(description)) do update set description = excluded.description returning id`),
  )
  const payroll = await insertFixturePayroll(
    db,
    code,
    Array.from({ length: workers }, (_, i) => ({
      employee: from + i,
      amount: i === 0 ? '2266.78' : '1500.50',
    })),
    '202606',
  )
  const employeeIds: number[] = []
  for (const [i, lineId] of payroll.lineIds.entries()) {
    const [line] = rowsOf<{ employee_id: number }>(
      await db.execute(sql`select employee_id from payroll_lines where id = ${lineId}`),
    )
    employeeIds.push(line.employee_id)
    await db.execute(sql`
      update employees set company_id = ${company.id}, area_id = ${area.id}, position_id = ${position.id},
        personal_email = ${i < withEmail ? `trabajador${from + i}@example.pe` : null}
      where id = ${line.employee_id}`)
    await db.execute(sql`
      update payroll_lines set paid = ${paidDate !== null}, paid_date = ${paidDate},
        days_worked = 30, ordinary_minutes = 14400, overtime_minutes = 150
      where id = ${lineId}`)
  }
  // A one-year contract (the end-to-end system's lists open the newest contract's form, which an
  // indefinite one would change), and an earlier one with the same company: the date of entry.
  await db.execute(sql`
    insert into contracts (number, employee_id, company_id, area_id, position_id, contract_type, start_date,
      finish_date, base_salary, total_salary, status, closed_on, created_by)
    values
      (${`CT-2024-${String(900_000 + from).padStart(6, '0')}`}, ${employeeIds[0]}, ${company.id}, ${area.id},
        ${position.id}, 4, '2024-03-01', '2025-03-01', 2300, 2413, 3, '2025-03-01', 'fixtures'),
      (${`CT-2026-${String(900_000 + from).padStart(6, '0')}`}, ${employeeIds[0]}, ${company.id}, ${area.id},
        ${position.id}, 4, '2026-01-01', '2027-01-01', 2500, 2613, 1, null, 'fixtures')`)
  // ACTIVO, as the contracts module keeps an employee with a current contract.
  await db.execute(sql`update employees set status = 1 where id = ${employeeIds[0]}`)
  for (const concept of JUNE_2026_CONCEPTS)
    await db.insert(payrollLineConcepts).values({
      payrollId: payroll.id,
      payrollLineId: payroll.lineIds[0],
      code: concept.code,
      description: concept.description,
      kind: concept.kind,
      amountCents: concept.amountCents,
    })
  return { payrollId: payroll.id, lineIds: payroll.lineIds, employeeIds, companyId: company.id }
}
