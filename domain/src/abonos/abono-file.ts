import { OPERATION_NUMBER } from '../banks/operation-number'
import { documentTypeCodesNote } from '../common/identifiers'
import { FILE_MESSAGES } from '../payroll/payroll-file'
import { clip, columnLetter } from '../sheets/sheet-cell'

/**
 * The payments spreadsheet ('Cargar abonos'): one row per transfer the bank made. Its columns, the
 * template's notes and the header check. Row rules are in `payment-row.ts`.
 */
export type PaymentColumnKey = 'identifierType' | 'identifier' | 'amount' | 'operationNumber' | 'receipt'

export type PaymentColumn = { key: PaymentColumnKey; header: string; width: number; note: string }

export const PAYMENT_FILE_COLUMNS: readonly PaymentColumn[] = [
  {
    key: 'identifierType',
    header: 'Tipo de documento',
    width: 18,
    note: `Obligatorio. Código del tipo de documento del colaborador: ${documentTypeCodesNote()}`,
  },
  {
    key: 'identifier',
    header: 'Número de documento',
    width: 22,
    note: 'Obligatorio. Debe figurar en la planilla indicada en el formulario. Escriba la columna como texto para conservar los ceros a la izquierda. Un documento no puede repetirse en el archivo.',
  },
  {
    key: 'amount',
    header: 'Monto abonado (S/)',
    width: 18,
    note: 'Obligatorio. Importe abonado en soles, en una celda numérica con 2 decimales como máximo. Debe ser igual al monto de la línea de la planilla.',
  },
  {
    key: 'operationNumber',
    header: 'Número de operación',
    width: 22,
    note: `Obligatorio. Número de operación del banco (letras, dígitos y guiones; máximo ${OPERATION_NUMBER.max} caracteres).`,
  },
  {
    key: 'receipt',
    header: 'Constancia (archivo PDF)',
    width: 32,
    note: 'Opcional. Nombre del archivo PDF de la constancia, tal como se adjunta en el formulario (por ejemplo constancia-0001.pdf). Varias filas pueden nombrar la misma constancia. Si se deja vacío, se usa la constancia llamada como el número de documento o el número de operación (12345678.pdf), si se adjuntó.',
  },
]

export const PAYMENT_TEMPLATE_HEADERS = PAYMENT_FILE_COLUMNS.map((c) => c.header)
/** The template's example row: a file that still carries it is refused. */
export const PAYMENT_TEMPLATE_EXAMPLE: readonly (string | number)[] = [
  1,
  '45678912',
  1850.5,
  '0012345678',
  'constancia-45678912.pdf',
]
export const PAYMENT_TEMPLATE_SHEET = 'Abonos'
export const PAYMENT_TEMPLATE_FILE_NAME = 'plantilla-abonos.xlsx'

const normalizeHeader = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * Problems of a header row against the payments template (same texts in the same order, nothing
 * after them; spacing and letter case do not matter). Empty when it matches.
 */
export function paymentHeaderProblems(cells: readonly (string | null | undefined)[]): string[] {
  if (cells.every((c) => !c?.trim())) return [FILE_MESSAGES.empty]
  const problems: string[] = []
  PAYMENT_TEMPLATE_HEADERS.forEach((expected, i) => {
    const found = (cells[i] ?? '').trim()
    if (normalizeHeader(found) !== normalizeHeader(expected)) {
      problems.push(FILE_MESSAGES.headerMismatch(columnLetter(i), expected, clip(found)))
    }
  })
  for (let i = PAYMENT_TEMPLATE_HEADERS.length; i < cells.length; i++) {
    const found = (cells[i] ?? '').trim()
    if (found) problems.push(FILE_MESSAGES.extraColumn(columnLetter(i), clip(found)))
  }
  return problems
}

/**
 * How receipt names are compared: the file name without folders, in one Unicode form, ignoring
 * letter case and surrounding spaces, with `.pdf` added when the cell leaves it out.
 */
export function receiptKey(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop()?.trim().toLowerCase() ?? ''
  if (!base) return ''
  return base.endsWith('.pdf') ? base : `${base}.pdf`
}
