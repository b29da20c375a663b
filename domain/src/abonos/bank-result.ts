import { IDENTIFIER_TYPE } from '../common/identifiers'
import type { SheetCell } from '../sheets/sheet-cell'

/**
 * The bank's processed-payroll result (BCP Telecrédito's report exported to Excel) read as a
 * payments file, so a clerk need not retype it. Its exact layout could not be confirmed
 * (docs/decisions/payments-made.md), so columns are found by their header names, not positions: document (and
 * optionally its type), amount, status and, when present, the operation number. Each row becomes
 * the template's cells (type, document, amount, operation, no receipt) and then goes through the
 * same checks and matching (by document and amount) as a typed file. Rows the bank did not pay
 * are observed, never paid.
 */
const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

const HEADERS = {
  identifier: [
    'documento',
    'nrodocumento',
    'nrodedocumento',
    'numerodedocumento',
    'numerodocumento',
    'ndocumento',
    'nrodoc',
    'documentodeidentidad',
  ],
  identifierType: ['tipodocumento', 'tipodedocumento', 'tipodoc'],
  amount: ['monto', 'importe', 'montoabonado', 'importeabonado', 'montoaabonar', 'importeaabonar'],
  status: ['estado', 'situacion', 'estadodelabono'],
  operation: [
    'operacion',
    'nrooperacion',
    'nrodeoperacion',
    'numerodeoperacion',
    'noperacion',
    'numerooperacion',
  ],
} as const

/**
 * The statuses that mean paid, compared whole (accents, case, spaces and signs ignored): never by
 * their start, or 'Procesado con error' would pay a line. Anything else, known or not, is an
 * observation for the clerk.
 */
const PAID = new Set([
  'procesado',
  'procesada',
  'abonado',
  'abonada',
  'exitoso',
  'pagado',
  'pagada',
  'conforme',
])

const TYPE_CODES: Record<string, number> = {
  dni: IDENTIFIER_TYPE.DNI,
  '1': IDENTIFIER_TYPE.DNI,
  ce: IDENTIFIER_TYPE.CE,
  carnedeextranjeria: IDENTIFIER_TYPE.CE,
  '3': IDENTIFIER_TYPE.CE,
  pas: IDENTIFIER_TYPE.PASAPORTE,
  pasaporte: IDENTIFIER_TYPE.PASAPORTE,
  '4': IDENTIFIER_TYPE.PASAPORTE,
}

export const BANK_RESULT_MESSAGES = {
  notPaid: (status: string) => `El banco no abonó la línea (estado '${status || 'vacío'}')`,
} as const

export type BankResultRow = { cells: SheetCell[] } | { notPaid: string }

const textOf = (cell: SheetCell | undefined) =>
  !cell
    ? ''
    : cell.kind === 'number'
      ? String(cell.value)
      : cell.kind === 'text' || cell.kind === 'date'
        ? cell.text.trim()
        : ''

/**
 * A row mapper when the header row is a bank result (document, amount and status columns found),
 * else null: the file is then judged as the template as before.
 */
export function bankResultMapper(
  headers: readonly string[],
): ((row: readonly SheetCell[], rowNumber: number) => BankResultRow) | null {
  const keys = headers.map(key)
  const find = (names: readonly string[]) => keys.findIndex((k) => names.includes(k))
  const at = {
    identifier: find(HEADERS.identifier),
    identifierType: find(HEADERS.identifierType),
    amount: find(HEADERS.amount),
    status: find(HEADERS.status),
    operation: find(HEADERS.operation),
  }
  if (at.identifier < 0 || at.amount < 0 || at.status < 0) return null
  return (row, rowNumber) => {
    const status = textOf(row[at.status])
    if (!PAID.has(key(status))) return { notPaid: BANK_RESULT_MESSAGES.notPaid(status) }
    const identifier = textOf(row[at.identifier])
    const typeText = at.identifierType >= 0 ? key(textOf(row[at.identifierType])) : ''
    const type =
      TYPE_CODES[typeText] ?? (/^\d{8}$/.test(identifier) ? IDENTIFIER_TYPE.DNI : IDENTIFIER_TYPE.CE)
    const operation = at.operation >= 0 ? textOf(row[at.operation]) : ''
    return {
      cells: [
        { kind: 'number', value: type },
        { kind: 'text', text: identifier },
        row[at.amount] ?? { kind: 'empty' },
        // Without an operation column the bank's row number stands in for it (the amount still must match).
        { kind: 'text', text: operation || `BCP-${rowNumber}` },
        { kind: 'empty' },
      ],
    }
  }
}
