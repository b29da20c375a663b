import { OPERATION_NUMBER } from '../banks/operation-number'
import { identifierType } from '../common/identifiers'
import { formatMoney } from '../common/money'
import { cellTrouble, checkAmount, checkIdentifier, ROW_MESSAGES } from '../payroll/payroll-row'
import {
  cellText,
  certainDigits,
  clip,
  columnLetter,
  type RowProblem,
  type SheetCell,
} from '../sheets/sheet-cell'
import {
  PAYMENT_FILE_COLUMNS,
  PAYMENT_TEMPLATE_EXAMPLE,
  type PaymentColumnKey,
  receiptKey,
} from './abono-file'
import { PAYMENT_LIMITS } from './abonos'
import { SUPPLIER_PAYMENT_TEMPLATE_EXAMPLE } from './supplier-abonos'

/** A usable row of the payments file, before it is matched to a payroll line. */
export type PaymentRowValues = {
  identifierType: number
  identifier: string
  /** Soles with two decimals, as text. */
  amount: string
  operationNumber: string
  /** The receipt named in the row, as `receiptKey` writes it; null when the cell is empty. */
  receipt: string | null
}

export const PAYMENT_ROW_MESSAGES = {
  operationRequired: 'Número de operación es requerido',
  operationFormat: OPERATION_NUMBER.formatMessage,
  operationAsText:
    'Número de operación está en una celda numérica y Excel quita los ceros a la izquierda: ingrese la operación como texto (formato Texto) y vuelva a cargar',
  operationLength: OPERATION_NUMBER.maxMessage,
  receiptLength: `El nombre de la constancia admite como máximo ${PAYMENT_LIMITS.receiptNameMax} caracteres`,
  notInPayroll: (code: string) => `El documento no figura en la planilla ${code}`,
  amountDiffers: (paid: string, expected: string) =>
    `El monto abonado (${formatMoney(paid)}) no coincide con el de la planilla (${formatMoney(expected)})`,
  alreadyPaid: (batchId: number, operation: string) =>
    `La línea ya fue abonada por la carga de abonos #${batchId} (operación ${operation})`,
  repeated: (row: number) => `El documento se repite: ya figura en la fila ${row}`,
  receiptMissing: (name: string) => `No se adjuntó la constancia '${clip(name)}' que nombra la fila`,
  receiptUnused: (name: string) => `La constancia '${clip(name)}' no corresponde a ninguna fila del archivo`,
  receiptUnreadable: (name: string) =>
    `La constancia '${clip(name)}' está dañada o protegida y no se puede abrir como PDF`,
  receiptGone: (name: string) => `La constancia '${clip(name)}' ya no está en el almacenamiento`,
  fileMissing: 'El archivo de la carga ya no está en el almacenamiento: vuelva a cargarlo',
  payrollGone: (code: string) =>
    `La planilla ${code} ya no existe o fue anulada: no se registró ningún abono`,
} as const

type Checked<T> = { value: T } | { message: string }
const fail = (message: string) => ({ message })
const textOf = (cell: SheetCell) =>
  cell.kind === 'number' ? String(cell.value) : cell.kind === 'text' ? cell.text.trim() : ''

function checkType(cell: SheetCell): Checked<number> {
  const raw = textOf(cell)
  if (!raw) return fail(ROW_MESSAGES.typeRequired)
  const code = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN
  return code in identifierType ? { value: code } : fail(ROW_MESSAGES.typeInvalid)
}

function checkOperation(cell: SheetCell): Checked<string> {
  if (cell.kind === 'number' && !Number.isSafeInteger(cell.value))
    return fail(ROW_MESSAGES.longNumber('Número de operación'))
  if (cell.kind === 'date' || cell.kind === 'boolean') return fail(PAYMENT_ROW_MESSAGES.operationFormat)
  const value = cell.kind === 'number' ? certainDigits(cell) : textOf(cell)
  if (value === null) return fail(PAYMENT_ROW_MESSAGES.operationAsText)
  if (!value) return fail(PAYMENT_ROW_MESSAGES.operationRequired)
  if (!OPERATION_NUMBER.pattern.test(value)) return fail(PAYMENT_ROW_MESSAGES.operationFormat)
  if (value.length > OPERATION_NUMBER.max) return fail(PAYMENT_ROW_MESSAGES.operationLength)
  // Stored as the cell shows it ('op-0005' is not 'OP-0005' on the bank's statement).
  return { value }
}

function checkReceipt(cell: SheetCell): Checked<string | null> {
  const value = textOf(cell)
  if (!value) return { value: null }
  if (value.length > PAYMENT_LIMITS.receiptNameMax) return fail(PAYMENT_ROW_MESSAGES.receiptLength)
  return { value: receiptKey(value) }
}

const COLUMN_INDEX = Object.fromEntries(PAYMENT_FILE_COLUMNS.map((c, i) => [c.key, i])) as Record<
  PaymentColumnKey,
  number
>
const EMPTY: SheetCell = { kind: 'empty' }
/** The example rows of both templates (payroll's and suppliers'): a file that still carries one is refused. */
const TEMPLATE_EXAMPLES = [PAYMENT_TEMPLATE_EXAMPLE, SUPPLIER_PAYMENT_TEMPLATE_EXAMPLE].map((example) => ({
  identifier: String(example[COLUMN_INDEX.identifier]),
  operationNumber: String(example[COLUMN_INDEX.operationNumber]).toUpperCase(),
}))

/**
 * Checks one data row on its own (the match with the payroll, repeated documents and receipts
 * need the whole batch). Every problem of the row is reported.
 */
export function checkPaymentRow(cells: readonly SheetCell[]): {
  values: PaymentRowValues | null
  problems: RowProblem[]
} {
  const problems: RowProblem[] = []
  const cellAt = (key: PaymentColumnKey) => cells[COLUMN_INDEX[key]] ?? EMPTY
  const take = <T>(key: PaymentColumnKey, check: (cell: SheetCell) => Checked<T>): T | null => {
    const cell = cellAt(key)
    const trouble = cellTrouble(cell)
    const result = trouble ? fail(trouble) : check(cell)
    if ('message' in result) {
      problems.push({
        column: PAYMENT_FILE_COLUMNS[COLUMN_INDEX[key]].header,
        value: cellText(cell),
        message: result.message,
      })
      return null
    }
    return result.value
  }
  const type = take('identifierType', checkType)
  const identifier = take('identifier', (cell) => checkIdentifier(cell, type))
  const amount = take('amount', checkAmount)
  const operationNumber = take('operationNumber', checkOperation)
  const receipt = take('receipt', checkReceipt)
  for (let i = PAYMENT_FILE_COLUMNS.length; i < cells.length; i++) {
    if (cells[i] && cells[i].kind !== 'empty')
      problems.push({ column: columnLetter(i), value: cellText(cells[i]), message: ROW_MESSAGES.extraData })
  }
  if (
    identifier !== null &&
    TEMPLATE_EXAMPLES.some(
      (e) => identifier === e.identifier && operationNumber?.toUpperCase() === e.operationNumber,
    )
  ) {
    problems.unshift({
      column: PAYMENT_FILE_COLUMNS[COLUMN_INDEX.identifier].header,
      value: identifier,
      message: ROW_MESSAGES.templateExample,
    })
  }
  if (problems.length || type === null || identifier === null || amount === null || operationNumber === null)
    return { values: null, problems }
  return { values: { identifierType: type, identifier, amount, operationNumber, receipt }, problems }
}
