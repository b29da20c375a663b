import {
  companies,
  type Executor,
  employees,
  payrollLineConcepts,
  payrollLines,
  payrolls,
  rowsOf,
} from '@planillas/db'
import {
  type AfpnetRow,
  AfpnetWriter,
  afpnetFileName,
  type DeclarationFileKind,
  type DeclaredLine,
  type FileResult,
  JorWriter,
  joinWorkerLines,
  type MonthLine,
  type PayrollLineConcept,
  PLAME_MESSAGES,
  plameFileName,
  RemWriter,
} from '@planillas/domain'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'

/** The concepts of some lines of a payroll (a page of the details), by line id, in file order. */
export async function conceptsOfLines(
  db: Executor,
  payrollId: number | null,
  lineIds: number[],
): Promise<Map<number, PayrollLineConcept[]>> {
  const byLine = new Map<number, PayrollLineConcept[]>()
  if (!lineIds.length) return byLine
  const rows = await db
    .select({
      lineId: payrollLineConcepts.payrollLineId,
      code: payrollLineConcepts.code,
      description: payrollLineConcepts.description,
      kind: payrollLineConcepts.kind,
      amountCents: payrollLineConcepts.amountCents,
    })
    .from(payrollLineConcepts)
    .where(
      and(
        payrollId === null ? undefined : eq(payrollLineConcepts.payrollId, payrollId),
        inArray(payrollLineConcepts.payrollLineId, lineIds),
      ),
    )
    .orderBy(asc(payrollLineConcepts.payrollLineId), asc(payrollLineConcepts.id))
  for (const { lineId, ...concept } of rows) {
    const list = byLine.get(lineId)
    if (list) list.push(concept)
    else byLine.set(lineId, [concept])
  }
  return byLine
}

/** Lines read per statement: the file is built slice by slice, not from one array of the payroll. */
const SLICE = 2_000

/** A line as the files need it (with its employee's names), whether read by payroll or by month. */
const declaredLineColumns = {
  rowNumber: payrollLines.rowNumber,
  identifierType: payrollLines.identifierType,
  identifier: payrollLines.identifier,
  surname: employees.surname,
  name: employees.name,
  ordinaryMinutes: payrollLines.ordinaryMinutes,
  overtimeMinutes: payrollLines.overtimeMinutes,
  pensionSystem: payrollLines.pensionSystem,
  cuspp: payrollLines.cuspp,
}

/** A line's concepts as the files need them: code, kind and amount. */
const declaredConcepts = (concepts: Map<number, PayrollLineConcept[]>, lineId: number) =>
  (concepts.get(lineId) ?? []).map((c) => ({ code: c.code, kind: c.kind, cents: c.amountCents }))

/** A payroll's lines as the files need them, SLICE at a time in file row order (keyset on row number). */
async function* declaredLines(db: Executor, payrollId: number): AsyncIterable<DeclaredLine[]> {
  let after = 0
  for (;;) {
    const lines = await db
      .select({
        id: payrollLines.id,
        ...declaredLineColumns,
      })
      .from(payrollLines)
      .innerJoin(employees, eq(employees.id, payrollLines.employeeId))
      .where(and(eq(payrollLines.payrollId, payrollId), gt(payrollLines.rowNumber, after)))
      .orderBy(asc(payrollLines.rowNumber))
      .limit(SLICE)
    if (!lines.length) return
    const concepts = await conceptsOfLines(
      db,
      payrollId,
      lines.map((l) => l.id),
    )
    yield lines.map(({ id, ...line }) => ({
      ...line,
      concepts: declaredConcepts(concepts, id),
    }))
    if (lines.length < SLICE) return
    after = lines[lines.length - 1].rowNumber
  }
}

export type DeclarationFile =
  | { ok: false; problems: string[] }
  | { ok: true; name: string; kind: 'text'; content: string }
  | { ok: true; name: string; kind: 'xlsx'; content: Buffer }

/**
 * One of the files declared from a payroll (PLAME .rem or .jor, or the AFPnet sheet) for the
 * declaring company, named with the payroll's period and the company's RUC. Every line is checked
 * first: a refused line means no file, and the problems (each naming its line) instead.
 */
export async function declarationFile(
  db: Executor,
  payroll: { id: number; period: string },
  companyId: number,
  kind: DeclarationFileKind,
): Promise<DeclarationFile | null> {
  const ruc = await declaringRuc(db, companyId)
  if (ruc === null) return null
  if (!/^\d{11}$/.test(ruc)) return { ok: false, problems: [PLAME_MESSAGES.rucInvalid] }
  return writeDeclaration(kind, payroll.period, ruc, declaredLines(db, payroll.id), [])
}

/**
 * A company's files of a month (PLAME declares a company and a month once): the lines of every
 * VIGENTE payroll of the period whose employer is the company (the company of the worker's contract
 * in force in the period, else the employee's record, as the boletas say), a worker paid in several
 * payrolls joined into one line (`joinWorkerLines`).
 */
export async function monthDeclarationFile(
  db: Executor,
  companyId: number,
  period: string,
  kind: DeclarationFileKind,
): Promise<DeclarationFile | null> {
  const ruc = await declaringRuc(db, companyId)
  if (ruc === null) return null
  if (!/^\d{11}$/.test(ruc)) return { ok: false, problems: [PLAME_MESSAGES.rucInvalid] }
  const ids = await monthLineIds(db, companyId, period)
  if (!ids.length) return { ok: false, problems: [PLAME_MESSAGES.noPayrollsInMonth(period)] }
  const problems: string[] = []
  return writeDeclaration(kind, period, ruc, joinedMonthLines(db, ids, problems), problems)
}

async function declaringRuc(db: Executor, companyId: number) {
  const [company] = await db.select({ ruc: companies.ruc }).from(companies).where(eq(companies.id, companyId))
  return company?.ruc ?? null
}

/** Writes the file from the lines, slice by slice; `problems` are those found before the writer's. */
async function writeDeclaration(
  kind: DeclarationFileKind,
  period: string,
  ruc: string,
  slices: AsyncIterable<DeclaredLine[]>,
  problems: string[],
): Promise<DeclarationFile> {
  const writer = kind === 'rem' ? new RemWriter() : kind === 'jor' ? new JorWriter() : new AfpnetWriter()
  for await (const lines of slices) writer.add(lines)
  const result = writer.finish()
  if (problems.length) return { ok: false, problems: [...problems, ...(result.ok ? [] : result.problems)] }
  if (!result.ok) return result
  if (kind === 'afpnet') {
    const rows = (result as FileResult<AfpnetRow[]> & { ok: true }).content
    return { ok: true, kind: 'xlsx', name: afpnetFileName(period, ruc), content: await afpnetWorkbook(rows) }
  }
  return {
    ok: true,
    kind: 'text',
    name: plameFileName(period, ruc, kind),
    content: (result as FileResult<string> & { ok: true }).content,
  }
}

/**
 * The ids of a company's lines of a month, a worker's lines together (by document, then payroll
 * and row): the employer is found once per line here, the lines are then read slice by slice.
 */
async function monthLineIds(db: Executor, companyId: number, period: string) {
  const rows = rowsOf<{ id: string | number; worker: string }>(
    await db.execute(sql`
      select l.id, l.identifier_type || '|' || l.identifier as worker
      from payroll_lines l
      join payrolls p on p.id = l.payroll_id
      join employees e on e.id = l.employee_id
      left join lateral (
        select c.company_id from contracts c
        where c.employee_id = l.employee_id
          and c.start_date <= (to_date(p.period, 'YYYYMM') + interval '1 month' - interval '1 day')::date
          and coalesce(c.closed_on, c.finish_date, to_date(p.period, 'YYYYMM')) >= to_date(p.period, 'YYYYMM')
        order by c.start_date desc, c.id desc limit 1
      ) c on true
      where p.period = ${period} and p.status = 1 and coalesce(c.company_id, e.company_id) = ${companyId}
      order by l.identifier_type, l.identifier, l.payroll_id, l.row_number`),
  )
  return rows.map((r) => ({ id: Number(r.id), worker: r.worker }))
}

/** The month's lines read SLICE at a time (never splitting a worker), each worker's joined. */
async function* joinedMonthLines(
  db: Executor,
  ids: { id: number; worker: string }[],
  problems: string[],
): AsyncIterable<DeclaredLine[]> {
  for (let start = 0; start < ids.length; ) {
    let end = Math.min(start + SLICE, ids.length)
    while (end < ids.length && ids[end].worker === ids[end - 1].worker) end++
    const slice = ids.slice(start, end).map((x) => x.id)
    start = end
    const [lines, concepts] = await Promise.all([
      db
        .select({
          id: payrollLines.id,
          payrollCode: payrolls.code,
          ...declaredLineColumns,
        })
        .from(payrollLines)
        .innerJoin(payrolls, eq(payrolls.id, payrollLines.payrollId))
        .innerJoin(employees, eq(employees.id, payrollLines.employeeId))
        .where(inArray(payrollLines.id, slice)),
      conceptsOfLines(db, null, slice),
    ])
    const byId = new Map(lines.map((l) => [l.id, l]))
    const joined: DeclaredLine[] = []
    let worker: MonthLine[] = []
    const flush = () => {
      if (!worker.length) return
      const { line, problems: found } = joinWorkerLines(worker)
      problems.push(...found)
      joined.push(line)
      worker = []
    }
    for (const id of slice) {
      const found = byId.get(id)
      if (!found) continue
      const { id: _, ...line } = found
      const month: MonthLine = {
        ...line,
        concepts: declaredConcepts(concepts, id),
      }
      const last = worker[worker.length - 1]
      if (last && (last.identifierType !== month.identifierType || last.identifier !== month.identifier))
        flush()
      worker.push(month)
    }
    flush()
    yield joined
  }
}

/**
 * The AFPnet sheet: the rows from A1, no header row; the document (D) and CUSPP (B) as text, the
 * remuneración asegurable (L) with two decimals.
 */
async function afpnetWorkbook(rows: AfpnetRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('AFPnet')
  for (const row of rows) sheet.addRow([...row])
  for (const letter of ['B', 'D']) sheet.getColumn(letter).numFmt = '@'
  sheet.getColumn('L').numFmt = '0.00'
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
