import type { afpRates, Executor } from '@planillas/db'
import {
  type AfpRateRow,
  cellText,
  checkPayrollRow,
  FILE_MESSAGES,
  IDENTIFIER_TYPE,
  isBlankRow,
  type KnownBanks,
  PAYROLL_FILE_COLUMNS,
  PAYROLL_LIMITS,
  type PayrollLayout,
  type PayrollRowValues,
  type PlameConceptRow,
  ROW_MESSAGES,
  readPayrollHeader,
  resolveAfpRates,
  resolveConcepts,
} from '@planillas/domain'
import type { XlsxPackage } from '@planillas/formats/xlsx-package'
import { readSheetRowBatches, type SheetRow } from '../sheets/sheet-rows'
import type { FileProblem } from './batch-store'
import { documentKey, type EmployeeMatch, findEmployees } from './employees'
import type { EmployeesInPeriod } from './line-review'
import type { LineSink } from './payroll-writer'

export type ValidationHooks = {
  /** Called now and then while reading: rows read so far, fraction of the sheet read. */
  onProgress: (rowsRead: number, fraction: number) => Promise<void>
  /** Receives the problems found so far, in slices, so that memory stays flat. */
  onProblems: (problems: FileProblem[]) => Promise<void>
}

export type ValidationResult = {
  rowsRead: number
  problemCount: number
  /** More data rows than allowed: reading stopped there, and only that is worth telling. */
  tooManyRows: boolean
  /** Where the file's optional columns are, its concepts resolved for the period (none: an old file). */
  layout: PayrollLayout | null
}

/** What the optional columns are checked against: the payroll's period and PLAME's table 22. */
export type ConceptContext = {
  period: string
  table22: readonly PlameConceptRow[]
  /** The AFP rates (`afp_rates`); none: no row's AFP contributions are compared with rates. */
  afpRates?: readonly AfpRateRow[]
}

/** The `afp_rates` rows as the rules read them. */
export function afpRatesOf(rows: readonly (typeof afpRates.$inferSelect)[]): AfpRateRow[] {
  return rows.map((r) => ({
    afp: r.afp as AfpRateRow['afp'],
    commissionType: r.commissionType as AfpRateRow['commissionType'],
    validFrom: r.validFrom,
    validTo: r.validTo,
    contributionBp: r.contributionBp,
    commissionBp: r.commissionBp,
    premiumBp: r.premiumBp,
    premiumCapCents: r.premiumCapCents,
  }))
}

// Small slices: rows waiting for their look-up then die young instead of filling the old generation.
const LOOKUP_SLICE = 500
const MAX_LOOKUPS_IN_FLIGHT = 3
const PROBLEM_SLICE = 5000
const PROGRESS_EVERY_MS = 500
const IDENTIFIER_COLUMN = PAYROLL_FILE_COLUMNS[1].header

type Pending = { rowNumber: number; values: PayrollRowValues }
type Lookup = Promise<{ slice: Pending[]; found: (EmployeeMatch | undefined)[] }>

/**
 * A copy of a text read from the sheet that does not keep the sheet alive. V8 keeps a substring
 * of 13 characters or more as a view of its parent, and the parent here is a whole decoded chunk
 * of XML: a kept key would hold on to it. Concatenating and slicing forces a flat copy.
 */
const detach = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1))
/** A DNI (8 digits) is its own number: no string per row in the map of documents already seen. */
const duplicateKey = (v: { identifierType: number; identifier: string }) =>
  v.identifierType === IDENTIFIER_TYPE.DNI
    ? Number(v.identifier)
    : documentKey(v.identifierType, detach(v.identifier))

const fileProblem = (message: string, rowNumber: number | null = null): FileProblem => ({
  rowNumber,
  column: null,
  value: null,
  message,
})
const ignore = () => undefined

/**
 * Reads every row of the sheet and checks it (docs/architecture.md): the header against the template, each
 * row's cells, repeated documents, and — in slices, overlapping the reading — that an employee
 * holds each document. While the file is clean, each line goes to `sink` (COPY, on PostgreSQL)
 * with its employee, full name and review flags, in row order; from the first problem on nothing
 * more is handed over (the caller rolls back) and only problems are collected, every one of them.
 * `inPeriod`: the employees in another VIGENTE payroll of the same period and type (review flags).
 */
export async function validatePayrollFile(
  db: Executor,
  pkg: XlsxPackage,
  banks: KnownBanks,
  hooks: ValidationHooks,
  sink: LineSink,
  inPeriod: EmployeesInPeriod,
  conceptContext: ConceptContext,
): Promise<ValidationResult> {
  let problems: FileProblem[] = []
  let problemCount = 0
  const addProblem = (problem: FileProblem) => {
    problems.push(problem)
    problemCount++
  }
  const flushProblems = async () => {
    if (!problems.length) return
    const slice = problems
    problems = []
    await hooks.onProblems(slice)
  }

  // Employee look-ups run while the next rows are parsed, a few at a time on their own
  // connections; their answers are taken in the order they were asked, so lines reach the sink
  // in row order.
  const inFlight: Lookup[] = []
  const take = async (lookup: Lookup) => {
    const { slice, found } = await lookup
    for (let i = 0; i < slice.length; i++) {
      const { rowNumber, values } = slice[i]
      const employee = found[i]
      if (!employee) {
        const message = ROW_MESSAGES.unknownEmployee
        addProblem({ rowNumber, column: IDENTIFIER_COLUMN, value: values.identifier, message })
      } else if (problemCount === 0) {
        const wait = sink.push({
          rowNumber,
          employeeId: employee.id,
          fullName: employee.fullName,
          reviewFlags: employee.reviewFlags,
          ...values,
        })
        if (wait instanceof Promise) await wait
      }
    }
  }
  let pending: Pending[] = []
  const dispatch = async () => {
    const slice = pending
    pending = []
    const lookup: Lookup = findEmployees(
      db,
      slice.map((p) => p.values),
      inPeriod,
    ).then((found) => ({ slice, found }))
    lookup.catch(ignore) // awaited in turn below; a failure is thrown there
    inFlight.push(lookup)
    if (inFlight.length >= MAX_LOOKUPS_IN_FLIGHT) await take(inFlight.shift() as Lookup)
  }
  const allLookups = async () => {
    while (inFlight.length) await take(inFlight.shift() as Lookup)
  }

  /** File-level messages name the sheet read when the workbook has several. */
  const inSheet = (message: string) =>
    pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
  const firstRowOf = new Map<number | string, number>()
  let header = false
  let optional: Parameters<typeof checkPayrollRow>[2]
  let dataRows = 0
  let tooManyRows = false
  let fraction = 0
  let lastProgress = Date.now()
  /** Takes one row, synchronously; false ends the reading. */
  const takeRow = (row: SheetRow): boolean => {
    if (isBlankRow(row.cells)) return true
    if (!header) {
      header = true
      const headers = row.cells.map(cellText)
      const read = row.number === 1 ? readPayrollHeader(headers) : null
      const wrong = read
        ? [...read.problems, ...resolveConcepts(read.layout, conceptContext.table22, conceptContext.period)]
        : [FILE_MESSAGES.headerRowAt(row.number)]
      if (read) {
        resolveAfpRates(read.layout, conceptContext.afpRates ?? [], conceptContext.period)
        optional = { layout: read.layout, headers }
      }
      for (const message of wrong) addProblem(fileProblem(inSheet(message), 1))
      return wrong.length === 0 // with the columns in doubt, row messages would only mislead
    }
    if (++dataRows > PAYROLL_LIMITS.maxRows) {
      tooManyRows = true
      return false
    }
    // A clerk hides a row to leave it out; it would be paid all the same.
    if (row.hidden) {
      addProblem({ rowNumber: row.number, column: null, value: null, message: ROW_MESSAGES.hiddenRow })
      return true
    }
    const checked = checkPayrollRow(row.cells, banks, optional)
    for (const p of checked.problems) addProblem({ rowNumber: row.number, ...p })
    // A repeated document is news even when its first row (or this one) has other problems.
    if (!checked.document) return true
    const key = duplicateKey(checked.document)
    const first = firstRowOf.get(key)
    if (first === undefined) firstRowOf.set(key, row.number)
    else {
      addProblem({
        rowNumber: row.number,
        column: IDENTIFIER_COLUMN,
        value: checked.document.identifier,
        message: ROW_MESSAGES.repeated(first),
      })
      return true
    }
    if (checked.values) pending.push({ rowNumber: row.number, values: checked.values })
    return true
  }

  reading: for await (const batch of readSheetRowBatches(pkg, (f) => {
    fraction = f
  })) {
    for (const row of batch) {
      if (!takeRow(row)) break reading
      if (pending.length >= LOOKUP_SLICE) await dispatch()
    }
    if (problems.length >= PROBLEM_SLICE) await flushProblems()
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now()
      await hooks.onProgress(dataRows, fraction)
    }
  }
  if (tooManyRows) {
    await Promise.allSettled(inFlight)
    return { rowsRead: PAYROLL_LIMITS.maxRows, problemCount: 1, tooManyRows, layout: null }
  }
  if (!header) addProblem(fileProblem(inSheet(FILE_MESSAGES.empty)))
  else if (dataRows === 0 && problemCount === 0) addProblem(fileProblem(inSheet(FILE_MESSAGES.noDataRows)))
  if (pending.length) await dispatch()
  await allLookups()
  await flushProblems()
  return { rowsRead: dataRows, problemCount, tooManyRows, layout: optional?.layout ?? null }
}
