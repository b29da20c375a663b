import { enumLabel } from '../enums'
import { identifierType } from '../identifiers'
import {
  amountCents,
  BANK_FILE_MESSAGES,
  bankName,
  cciProblem,
  commonLineProblems,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
} from './common'

/**
 * A documented generic format for interbank transfers through the CCE, which bank portals accept
 * as an Excel upload when their own layout is not available: one row per payment, paid to the
 * beneficiary's CCI. The columns are ours (docs/decisions.md), not any bank's published layout.
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

export function buildGenericCciRows(
  header: PaymentFileHeader,
  lines: readonly PaymentFileLine[],
): GenericCciResult {
  const problems: PaymentFileProblem[] = []
  if (header.currency !== 'PEN') problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.currency })
  if (bankName(header.reference).length > GENERIC_CCI.referenceMax)
    problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.reference(GENERIC_CCI.referenceMax) })
  if (lines.length === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  const rows: GenericCciRow[] = []
  let totalCents = 0n
  const reference = bankName(header.reference)
  for (const line of lines) {
    const found = commonLineProblems(line)
    const name = bankName(line.fullName)
    if (!name) found.push(BANK_FILE_MESSAGES.nameEmpty)
    else if (name.length > GENERIC_CCI.nameMax)
      found.push(BANK_FILE_MESSAGES.nameLength(GENERIC_CCI.nameMax, name.length))
    const cci = cciProblem(line)
    if (cci) found.push(cci)
    for (const message of found) problems.push({ rowNumber: line.rowNumber, message })
    if (found.length) continue
    const cents = amountCents(line.amount) as bigint
    totalCents += cents
    rows.push([
      enumLabel(identifierType, line.identifierType),
      line.identifier,
      name,
      line.bankInterAccount as string,
      'PEN',
      Number(cents) / 100,
      reference,
    ])
  }
  if (problems.length) return { ok: false, problems }
  return { ok: true, rows, count: rows.length, totalCents }
}
