import { enumLabel } from '../../common/enums'
import { identifierType } from '../../common/identifiers'
import { centsAsSoles } from '../../common/money'
import {
  amountCents,
  BANK_FILE_MESSAGES,
  bankName,
  cciProblem,
  commonLineProblems,
  headerProblems,
  type LineCheck,
  lineName,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  type TotalsPart,
} from './common'

/**
 * A documented generic format for interbank transfers through the CCE, which bank portals accept
 * as an Excel upload when their own layout is not available: one row per payment, paid to the
 * beneficiary's CCI. The columns are ours (docs/decisions/payment-files.md), not any bank's published layout.
 */
export const GENERIC_CCI = {
  nameMax: 80,
  referenceMax: 40,
  columns: [
    'Tipo de documento',
    'Número de documento',
    'Nombre del beneficiario',
    'CCI',
    'Moneda',
    'Monto',
    'Referencia',
  ],
} as const

export type GenericCciRow = [string, string, string, string, string, number, string]

export type GenericCciResult =
  | { ok: true; rows: GenericCciRow[]; count: number; totalCents: bigint }
  | { ok: false; problems: PaymentFileProblem[] }

/**
 * The currencies our workbook writes in its 'Moneda' column (ISO 4217), with 'Monto' in that
 * currency: a supplier run from a dollar account writes 'USD' (docs/decisions/usd-vouchers.md).
 * A payroll is paid in soles whatever the format: its orders accept 'PEN' only.
 */
export const GENERIC_CCI_CURRENCIES = ['PEN', 'USD'] as const

/**
 * The order's own problems (currency, reference), before any line: soles only unless `currencies`
 * allows more (a supplier run passes `GENERIC_CCI_CURRENCIES`).
 */
export function checkGenericCciHeader(
  header: PaymentFileHeader,
  currencies: readonly string[] = ['PEN'],
): PaymentFileProblem[] {
  return headerProblems(header, { referenceMax: GENERIC_CCI.referenceMax, currencies })
}

/** What the row of a line that passed the checks is written from (no checksum in this format). */
export type GenericCciCheckedLine = TotalsPart & { name: string; cci: string }

/** Every problem of one line, or what its row is written from. */
export function checkGenericCciLine(line: PaymentFileLine): LineCheck<GenericCciCheckedLine> {
  const problems = commonLineProblems(line)
  const name = lineName(line.fullName, problems, { max: GENERIC_CCI.nameMax })
  const cci = cciProblem(line)
  if (cci) problems.push(cci)
  if (problems.length) return { problems }
  const cents = amountCents(line.amount) as bigint
  return { problems, checked: { name, cci: line.bankInterAccount as string, cents, checksumPart: 0n } }
}

/**
 * The row of a line that passed `checkGenericCciLine`; `reference` is the order's, as `bankName`
 * gives it; `currency` the order's ('PEN', or 'USD' with 'Monto' in dollars).
 */
export function genericCciRow(
  line: PaymentFileLine,
  c: GenericCciCheckedLine,
  reference: string,
  currency = 'PEN',
): GenericCciRow {
  return [
    enumLabel(identifierType, line.identifierType),
    line.identifier,
    c.name,
    c.cci,
    currency,
    centsAsSoles(Number(c.cents)),
    reference,
  ]
}

/** Every row in memory (tests and small files; the API streams them with the functions above). */
export function buildGenericCciRows(
  header: PaymentFileHeader,
  lines: readonly PaymentFileLine[],
  currencies: readonly string[] = ['PEN'],
): GenericCciResult {
  const problems = checkGenericCciHeader(header, currencies)
  if (lines.length === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  const rows: GenericCciRow[] = []
  let totalCents = 0n
  const reference = bankName(header.reference)
  for (const line of lines) {
    const result = checkGenericCciLine(line)
    for (const message of result.problems) problems.push({ rowNumber: line.rowNumber, message })
    if (!result.checked) continue
    totalCents += result.checked.cents
    rows.push(genericCciRow(line, result.checked, reference, header.currency))
  }
  if (problems.length) return { ok: false, problems }
  return { ok: true, rows, count: rows.length, totalCents }
}
