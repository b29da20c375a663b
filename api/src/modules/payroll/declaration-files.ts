import { companies, type Executor, employees, payrollLineConcepts, payrollLines } from '@planillas/db'
import {
  type AfpnetRow,
  AfpnetWriter,
  afpnetFileName,
  type DeclarationFileKind,
  type DeclaredLine,
  type FileResult,
  JorWriter,
  type PayrollLineConcept,
  PLAME_MESSAGES,
  plameFileName,
  RemWriter,
} from '@planillas/domain'
import { and, asc, eq, gt, inArray } from 'drizzle-orm'

/** The concepts of some lines of a payroll (a page of the details), by line id, in file order. */
export async function conceptsOfLines(
  db: Executor,
  payrollId: number,
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
      and(eq(payrollLineConcepts.payrollId, payrollId), inArray(payrollLineConcepts.payrollLineId, lineIds)),
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

/** A payroll's lines as the files need them, SLICE at a time in file row order (keyset on row number). */
async function* declaredLines(db: Executor, payrollId: number): AsyncIterable<DeclaredLine[]> {
  let after = 0
  for (;;) {
    const lines = await db
      .select({
        id: payrollLines.id,
        rowNumber: payrollLines.rowNumber,
        identifierType: payrollLines.identifierType,
        identifier: payrollLines.identifier,
        surname: employees.surname,
        name: employees.name,
        ordinaryMinutes: payrollLines.ordinaryMinutes,
        overtimeMinutes: payrollLines.overtimeMinutes,
        pensionSystem: payrollLines.pensionSystem,
        cuspp: payrollLines.cuspp,
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
      concepts: (concepts.get(id) ?? []).map((c) => ({ code: c.code, kind: c.kind, cents: c.amountCents })),
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
  const [company] = await db.select({ ruc: companies.ruc }).from(companies).where(eq(companies.id, companyId))
  if (!company) return null
  if (!/^\d{11}$/.test(company.ruc)) return { ok: false, problems: [PLAME_MESSAGES.rucInvalid] }
  const writer = kind === 'rem' ? new RemWriter() : kind === 'jor' ? new JorWriter() : new AfpnetWriter()
  for await (const lines of declaredLines(db, payroll.id)) writer.add(lines)
  const result = writer.finish()
  if (!result.ok) return result
  if (kind === 'afpnet') {
    const rows = (result as FileResult<AfpnetRow[]> & { ok: true }).content
    return {
      ok: true,
      kind: 'xlsx',
      name: afpnetFileName(payroll.period, company.ruc),
      content: await afpnetWorkbook(rows),
    }
  }
  return {
    ok: true,
    kind: 'text',
    name: plameFileName(payroll.period, company.ruc, kind),
    content: (result as FileResult<string> & { ok: true }).content,
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
