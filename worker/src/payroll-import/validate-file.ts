import type { Executor } from '@planillas/db'
import type { XlsxPackage } from '@planillas/db/xlsx-package'
import {
  cellText,
  checkPayrollRow,
  FILE_MESSAGES,
  headerProblems,
  isBlankRow,
  PAYROLL_FILE_COLUMNS,
  PAYROLL_LIMITS,
  type PayrollRowValues,
  ROW_MESSAGES,
} from '@planillas/domain'
import type { FileProblem } from './batch-store'
import { documentKey, findEmployees } from './employees'
import { PayrollLines } from './payroll-writer'
import { readSheetRows } from './sheet-rows'

export type ValidationHooks = {
  /** Called now and then while reading (rows read so far, rows the sheet holds). */
  onProgress: (rowsRead: number, totalRows: number) => Promise<void>
  /** Receives the problems found so far, in slices, so that memory stays flat. */
  onProblems: (problems: FileProblem[]) => Promise<void>
}

export type ValidationResult = { rowsRead: number; problemCount: number; lines: PayrollLines }

const LOOKUP_SLICE = 2000
const MAX_LOOKUPS_IN_FLIGHT = 3
const PROBLEM_SLICE = 5000
const PROGRESS_EVERY_MS = 500
const IDENTIFIER_COLUMN = PAYROLL_FILE_COLUMNS[1].header

type Pending = { rowNumber: number; values: PayrollRowValues }

/**
 * Reads every row of the sheet and checks it (DESIGN §6): the header against the template, each
 * row's cells, repeated documents, and — in slices, overlapping the reading — that an employee
 * holds each document. Lines are kept only while the file is clean; problems are handed out.
 */
export async function validatePayrollFile(
  db: Executor,
  pkg: XlsxPackage,
  banks: ReadonlySet<string>,
  hooks: ValidationHooks,
): Promise<ValidationResult> {
  if (pkg.rowElements - 1 > PAYROLL_LIMITS.maxRows && (await countDataRows(pkg)) > PAYROLL_LIMITS.maxRows) {
    // One clear message instead of thousands of row errors in a file that cannot be taken anyway.
    await hooks.onProblems([
      { rowNumber: null, column: null, value: null, message: FILE_MESSAGES.tooManyRows },
    ])
    return { rowsRead: PAYROLL_LIMITS.maxRows, problemCount: 1, lines: new PayrollLines() }
  }
  let lines = new PayrollLines()
  let problems: FileProblem[] = []
  let problemCount = 0
  const addProblem = (problem: FileProblem) => {
    problems.push(problem)
    problemCount++
    if (lines.length) lines = new PayrollLines()
  }
  const flushProblems = async () => {
    if (!problems.length) return
    const slice = problems
    problems = []
    await hooks.onProblems(slice)
  }

  // Employee look-ups run while the next rows are parsed; their order is kept by the chain.
  let lookups: Promise<void> = Promise.resolve()
  let inFlight = 0
  const match = async (slice: Pending[]) => {
    const employees = await findEmployees(
      db,
      slice.map((p) => p.values),
    )
    for (const { rowNumber, values } of slice) {
      const employee = employees.get(documentKey(values.identifierType, values.identifier))
      if (!employee) {
        addProblem({
          rowNumber,
          column: IDENTIFIER_COLUMN,
          value: values.identifier,
          message: ROW_MESSAGES.unknownEmployee,
        })
      } else if (problemCount === 0) {
        lines.push({ rowNumber, employeeId: employee.id, fullName: employee.fullName, ...values })
      }
    }
  }
  let pending: Pending[] = []
  const dispatch = async () => {
    const slice = pending
    pending = []
    inFlight++
    lookups = lookups.then(() => match(slice)).finally(() => inFlight--)
    lookups.catch(() => {}) // awaited below; this only keeps Node from calling it unhandled
    if (inFlight >= MAX_LOOKUPS_IN_FLIGHT) await lookups
  }

  const totalRows = Math.max(1, pkg.rowElements - 1)
  const firstRowOf = new Map<string, number>()
  let header = false
  let dataRows = 0
  let lastProgress = Date.now()
  for await (const row of readSheetRows(pkg)) {
    if (!header) {
      header = true
      const texts = row.number === 1 ? row.cells.map(cellText) : []
      const wrong = row.number === 1 ? headerProblems(texts) : [FILE_MESSAGES.headerRow]
      for (const message of wrong) addProblem({ rowNumber: 1, column: null, value: null, message })
      if (wrong.length) break // with the columns in doubt, row messages would only mislead
      continue
    }
    if (isBlankRow(row.cells)) continue
    if (++dataRows > PAYROLL_LIMITS.maxRows) {
      addProblem({ rowNumber: null, column: null, value: null, message: FILE_MESSAGES.tooManyRows })
      break
    }
    const checked = checkPayrollRow(row.cells, banks)
    for (const p of checked.problems) addProblem({ rowNumber: row.number, ...p })
    if (checked.values) {
      const key = documentKey(checked.values.identifierType, checked.values.identifier)
      const first = firstRowOf.get(key)
      if (first !== undefined) {
        addProblem({
          rowNumber: row.number,
          column: IDENTIFIER_COLUMN,
          value: checked.values.identifier,
          message: ROW_MESSAGES.repeated(first),
        })
      } else {
        firstRowOf.set(key, row.number)
        pending.push({ rowNumber: row.number, values: checked.values })
      }
    }
    if (pending.length >= LOOKUP_SLICE) await dispatch()
    if (problems.length >= PROBLEM_SLICE) await flushProblems()
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now()
      await hooks.onProgress(dataRows, totalRows)
    }
  }
  if (!header) addProblem({ rowNumber: null, column: null, value: null, message: FILE_MESSAGES.empty })
  else if (dataRows === 0 && problemCount === 0) {
    addProblem({ rowNumber: null, column: null, value: null, message: FILE_MESSAGES.noDataRows })
  }
  if (pending.length) await dispatch()
  await lookups
  await flushProblems()
  return { rowsRead: Math.min(dataRows, PAYROLL_LIMITS.maxRows), problemCount, lines }
}

/** Non-blank data rows, counted up to one past the limit (the sheet may hold blank formatted rows). */
async function countDataRows(pkg: XlsxPackage): Promise<number> {
  let rows = 0
  let header = true
  for await (const row of readSheetRows(pkg)) {
    if (header) header = false
    else if (!isBlankRow(row.cells) && ++rows > PAYROLL_LIMITS.maxRows) break
  }
  return rows
}
