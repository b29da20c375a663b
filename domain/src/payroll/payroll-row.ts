import { BANK_MESSAGES } from '../banks/bank-schema'
import { CCI_ACCOUNT_MESSAGES, checkCciAccount } from '../banks/cci-account'
import {
  cciBankCode,
  IDENTIFIER_MESSAGES,
  IDENTIFIER_RULES,
  IDENTIFIER_TYPE,
  identifierProblem,
  identifierType,
  isValidCci,
  normalizeIdentifier,
} from '../common/identifiers'
import { centsToSoles, decimalToCents } from '../common/money'
import { asShown, invisibleCharacter, isFractionFormat, plainAmount, showsAmount } from '../sheets/cell-shown'
import {
  type Checked,
  cellText,
  certainDigits,
  clip,
  columnLetter,
  type RowProblem,
  type SheetCell,
} from '../sheets/sheet-cell'
import { type AfpRateRow, afpAmountProblems } from './afp-rates'
import {
  afpRateOfLine,
  CONCEPT_MESSAGES,
  checkOptionalCells,
  conceptsIncome,
  conceptsNet,
  type LineExtras,
  type PayrollLayout,
} from './payroll-concepts'
import { PAYROLL_FILE_COLUMNS, PAYROLL_TEMPLATE_EXAMPLE, type PayrollColumnKey } from './payroll-file'

/** A valid row, ready to be matched to its employee. */
export type PayrollRowValues = {
  identifierType: number
  identifier: string
  bankCode: string
  bankAccount: string
  bankInterAccount: string | null
  /** Soles with two decimals, as text (numeric(12,2)). */
  amount: string
  /** What the optional columns gave (concepts, days, hours, pension data), when the file has any. */
  extras?: LineExtras
}

export const MAX_AMOUNT = 9_999_999_999.99
/** Longer than this a cell is not a value of ours (Excel allows 32,767 characters). */
const MAX_CELL_CHARS = 1000

export const ROW_MESSAGES = {
  formula: 'La celda contiene una fórmula: pegue solo los valores',
  cellError: (text: string) => `La celda contiene un error de Excel (${text})`,
  tooLong: (n: number) => `El valor es demasiado largo (${n.toLocaleString('en-US')} caracteres)`,
  typeRequired: 'Tipo de documento es requerido',
  typeInvalid:
    'Tipo de documento inválido: use el código SUNAT (1 DNI, 4 Carné de extranjería, 6 RUC, 7 Pasaporte…)',
  identifierDate: 'Número de documento no puede ser una fecha',
  dniLeadingZeros:
    'El DNI debe tener 8 dígitos: escriba la columna como texto para conservar los ceros a la izquierda',
  nameLength: 'Apellidos y nombres admite como máximo 200 caracteres',
  bankRequired: 'Código de banco es requerido',
  bankFormat: 'Código de banco debe tener 3 dígitos',
  bankUnknown: BANK_MESSAGES.unknown,
  bankInactive: BANK_MESSAGES.inactive,
  accountRequired: 'Número de cuenta es requerido',
  accountNumeric: 'Número de cuenta debe tener un valor numérico',
  accountLength: 'Número de cuenta admite como máximo 20 dígitos',
  documentAsText:
    'Número de documento está en una celda numérica y Excel quita los ceros a la izquierda: ingrese el documento como texto (formato Texto) y vuelva a cargar',
  accountAsText:
    'Número de cuenta está en una celda numérica y Excel quita los ceros a la izquierda: ingrese la cuenta como texto (formato Texto) y vuelva a cargar',
  templateExample:
    'La fila es la fila de ejemplo de la plantilla: reemplácela por los datos reales o elimínela',
  longNumber: (label: string) =>
    `${label} tiene más de 15 dígitos y Excel lo redondea: escriba la columna como texto`,
  cciLength: 'Número de CCI debe tener 20 dígitos',
  cciCheck: 'CCI inválido: los dígitos de control no corresponden',
  cciBank: (code: string) => `El CCI no corresponde al banco ${code}`,
  amountRequired: 'Monto es requerido',
  amountText: 'Monto debe estar en una celda numérica, no como texto',
  amountNumeric: 'Monto debe tener un valor numérico',
  amountDate: 'Monto debe ser un número, no una fecha',
  amountPositive: 'Monto debe ser mayor a cero',
  amountDecimals: 'Monto admite como máximo 2 decimales',
  amountHidden: (shown: string, stored: string) =>
    `La celda muestra "${clip(shown, 40)}" pero contiene ${stored}: el formato de la celda oculta el monto real. Use el formato Número con 2 decimales, revise el monto y vuelva a cargar`,
  amountFraction: (stored: string) =>
    `La celda tiene formato de fracción y contiene ${stored}: use el formato Número con 2 decimales, revise el monto y vuelva a cargar`,
  amountFormatUnknown: (format: string) =>
    `La celda tiene un formato de número que no se puede interpretar (${clip(format, 40)}): use el formato Número con 2 decimales y vuelva a cargar`,
  invisible: (character: string, position: number) =>
    `La celda contiene un carácter invisible (${character}) en la posición ${position}: borre el contenido de la celda, escríbalo de nuevo y vuelva a cargar`,
  hiddenRow:
    'La fila está oculta en la hoja y también se cargaría: muéstrela y, si no corresponde, elimínela; luego vuelva a cargar',
  amountMax: 'Monto excede el máximo permitido (S/ 9,999,999,999.99)',
  extraData: 'La fila tiene datos fuera de las columnas de la plantilla',
  unknownEmployee: 'No existe un colaborador registrado con ese tipo y número de documento',
  repeated: (row: number) => `El documento se repite: ya figura en la fila ${row}`,
} as const

const fail = (message: string) => ({ message })
const hasOptionalColumns = (layout: PayrollLayout) =>
  layout.concepts.length > 0 || Object.keys(layout.optional).length > 0

/**
 * Problems every cell can have whatever its column: formulas, Excel errors, absurd lengths and,
 * where the value is used, a character that shows nothing (said, not left to a puzzling rule).
 */
export function cellTrouble(cell: SheetCell, valueUsed = true): string | null {
  if (cell.kind === 'formula') return ROW_MESSAGES.formula
  if (cell.kind === 'error') return ROW_MESSAGES.cellError(cell.text)
  if (cell.kind !== 'text') return null
  if (cell.text.length > MAX_CELL_CHARS) return ROW_MESSAGES.tooLong(cell.text.length)
  const invisible = valueUsed ? invisibleCharacter(cell.text) : null
  return invisible ? ROW_MESSAGES.invisible(invisible.name, invisible.position) : null
}

const digitsOf = (text: string) => text.replace(/[\s-]/g, '')

function checkType(cell: SheetCell): Checked<number> {
  if (cell.kind === 'empty' || (cell.kind === 'text' && !cell.text.trim()))
    return fail(ROW_MESSAGES.typeRequired)
  const raw = cell.kind === 'number' ? String(cell.value) : cell.kind === 'text' ? cell.text.trim() : ''
  const code = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN
  return code in identifierType ? { value: code } : fail(ROW_MESSAGES.typeInvalid)
}

export function checkIdentifier(cell: SheetCell, type: number | null): Checked<string> {
  if (cell.kind === 'date') return fail(ROW_MESSAGES.identifierDate)
  if (cell.kind === 'number' && !Number.isSafeInteger(cell.value))
    return fail(ROW_MESSAGES.longNumber('Número de documento'))
  if (cell.kind === 'number') return numericIdentifier(cell, type)
  const value = cell.kind === 'text' ? normalizeIdentifier(cell.text) : ''
  if (type === null) return value ? { value } : fail(IDENTIFIER_MESSAGES.required)
  const problem = identifierProblem(type, value)
  return problem ? fail(problem) : { value }
}

/** A document typed as a number: taken only when no leading zero can have been lost. */
function numericIdentifier(cell: { value: number; format?: string }, type: number | null): Checked<string> {
  if (type === null) return { value: String(cell.value) }
  const fixedLength = IDENTIFIER_RULES[type]?.length
  const value = certainDigits(cell, fixedLength)
  if (value === null) {
    const tooLong = fixedLength && String(cell.value).length > fixedLength
    const problem = tooLong ? identifierProblem(type, String(cell.value)) : null
    if (problem) return fail(problem)
    return fail(type === IDENTIFIER_TYPE.DNI ? ROW_MESSAGES.dniLeadingZeros : ROW_MESSAGES.documentAsText)
  }
  const problem = identifierProblem(type, value)
  return problem ? fail(problem) : { value }
}

/**
 * The banks a row may name: a set of the active codes, or every code of the catalogue with whether
 * it is active (then a suspended bank gets its own message rather than 'no registrado').
 */
export type KnownBanks = ReadonlySet<string> | ReadonlyMap<string, boolean>

function checkBank(cell: SheetCell, banks: KnownBanks): Checked<string> {
  const raw = cell.kind === 'number' ? String(cell.value) : cell.kind === 'text' ? cell.text.trim() : ''
  if (!raw) return fail(ROW_MESSAGES.bankRequired)
  if (!/^\d{1,3}$/.test(raw)) return fail(ROW_MESSAGES.bankFormat)
  const code = raw.padStart(3, '0')
  if (!banks.has(code)) return fail(ROW_MESSAGES.bankUnknown(code))
  if (banks instanceof Map && !banks.get(code)) return fail(ROW_MESSAGES.bankInactive(code))
  return { value: code }
}

function checkAccount(cell: SheetCell): Checked<string> {
  if (cell.kind === 'number' && !Number.isSafeInteger(cell.value))
    return fail(ROW_MESSAGES.longNumber('Número de cuenta'))
  let value = cell.kind === 'text' ? digitsOf(cell.text) : ''
  if (cell.kind === 'number') {
    const digits = certainDigits(cell)
    if (digits === null) return fail(ROW_MESSAGES.accountAsText)
    value = digits
  }
  if (!value) return fail(ROW_MESSAGES.accountRequired)
  if (!/^\d+$/.test(value)) return fail(ROW_MESSAGES.accountNumeric)
  return value.length > 20 ? fail(ROW_MESSAGES.accountLength) : { value }
}

function checkCci(cell: SheetCell, bankCode: string | null): Checked<string | null> {
  if (cell.kind === 'number') return fail(ROW_MESSAGES.longNumber('CCI'))
  const value = cell.kind === 'text' ? digitsOf(cell.text) : ''
  if (!value) return { value: null }
  if (!/^\d{20}$/.test(value)) return fail(ROW_MESSAGES.cciLength)
  if (!isValidCci(value)) return fail(ROW_MESSAGES.cciCheck)
  if (bankCode && cciBankCode(value) !== bankCode) return fail(ROW_MESSAGES.cciBank(bankCode))
  return { value }
}

/**
 * An amount cell: a number, as the clerk sees it. Under a number format the shown text must be
 * the stored amount to the cent (a format that rounds, scales or makes a fraction of it is
 * refused, naming both); binary noise below what Excel shows is not the clerk's (see `asShown`).
 */
export function checkAmount(cell: SheetCell): Checked<string> {
  switch (cell.kind) {
    case 'empty':
      return fail(ROW_MESSAGES.amountRequired)
    case 'date':
      return fail(ROW_MESSAGES.amountDate)
    case 'text':
      if (!cell.text.trim()) return fail(ROW_MESSAGES.amountRequired)
      return fail(/^[\s\d.,S/-]+$/.test(cell.text) ? ROW_MESSAGES.amountText : ROW_MESSAGES.amountNumeric)
    case 'number': {
      if (!Number.isFinite(cell.value)) return fail(ROW_MESSAGES.amountNumeric)
      const value = asShown(cell.value)
      if (value <= 0) return fail(ROW_MESSAGES.amountPositive)
      if (cell.format !== undefined) {
        if (isFractionFormat(cell.format)) return fail(ROW_MESSAGES.amountFraction(plainAmount(value)))
        if (cell.shown == null) return fail(ROW_MESSAGES.amountFormatUnknown(cell.format))
        if (!showsAmount(cell.shown, value))
          return fail(ROW_MESSAGES.amountHidden(cell.shown.trim(), plainAmount(value)))
      }
      // The shortest text that reads back as the same number is what the clerk typed.
      // Too large first: 1e21 reads '1e+21', which is no matter of decimals (its limit is what it passes).
      if (value > MAX_AMOUNT) return fail(ROW_MESSAGES.amountMax)
      const text = String(value)
      if (text.includes('e') || (text.split('.')[1]?.length ?? 0) > 2)
        return fail(ROW_MESSAGES.amountDecimals)
      return { value: value.toFixed(2) }
    }
    default:
      return fail(ROW_MESSAGES.amountNumeric)
  }
}

const COLUMN_INDEX = Object.fromEntries(PAYROLL_FILE_COLUMNS.map((c, i) => [c.key, i])) as Record<
  PayrollColumnKey,
  number
>
const EMPTY: SheetCell = { kind: 'empty' }
const TEMPLATE_EXAMPLE = {
  identifier: String(PAYROLL_TEMPLATE_EXAMPLE[COLUMN_INDEX.identifier]),
  bankAccount: String(PAYROLL_TEMPLATE_EXAMPLE[COLUMN_INDEX.bankAccount]),
}

type RowContext = { banks: KnownBanks; type: number | null; bankCode: string | null }

/** Checks one cell with its column's rule; a problem is added to `problems` and null returned. */
function take<T>(
  cells: readonly SheetCell[],
  key: PayrollColumnKey,
  check: (cell: SheetCell, context: RowContext) => Checked<T>,
  context: RowContext,
  problems: RowProblem[],
): T | null {
  const index = COLUMN_INDEX[key]
  const cell = cells[index] ?? EMPTY
  // The name is only a reference (the payroll takes the employee's own): an odd character there is harmless.
  const trouble = cellTrouble(cell, key !== 'fullName')
  const result = trouble ? fail(trouble) : check(cell, context)
  if ('message' in result) {
    problems.push({
      column: PAYROLL_FILE_COLUMNS[index].header,
      value: cellText(cell),
      message: result.message,
    })
    return null
  }
  return result.value
}

// Rules that need what earlier columns gave, as module functions (rows are checked by the 100,000).
const identifierRule = (cell: SheetCell, c: RowContext) => checkIdentifier(cell, c.type)
const bankRule = (cell: SheetCell, c: RowContext) => checkBank(cell, c.banks)
const cciRule = (cell: SheetCell, c: RowContext) => checkCci(cell, c.bankCode)
const checkName = (cell: SheetCell): Checked<null> =>
  cell.kind === 'text' && cell.text.trim().length > 200 ? fail(ROW_MESSAGES.nameLength) : { value: null }

/** The row's 0608, 0601 and 0606 against its AFP's rates (`afpAmountProblems`), by column. */
function afpProblems(layout: PayrollLayout, extras: LineExtras, rate: AfpRateRow): RowProblem[] {
  const columnOf = new Map(layout.concepts.map((c, i) => [c.code, i]))
  const amounts = new Map(extras.concepts.map((c) => [layout.concepts[c.column].code, c.cents]))
  return afpAmountProblems(
    rate,
    conceptsIncome(layout, extras.concepts),
    (code) => amounts.get(code) ?? 0,
    (code) => columnOf.has(code),
  ).map((p) => ({
    column: layout.concepts[columnOf.get(p.code) ?? 0].header,
    value: centsToSoles(p.found),
    message: p.message,
  }))
}

/**
 * Checks one data row on its own (everything but the employee match and repeated documents,
 * which need the whole file and the database). Every problem of the row is reported.
 */
export function checkPayrollRow(
  cells: readonly SheetCell[],
  banks: KnownBanks,
  /** The file's optional columns (`readPayrollHeader`, concepts resolved) and its header texts. */
  optional?: { layout: PayrollLayout; headers: readonly (string | null | undefined)[] },
): {
  values: PayrollRowValues | null
  problems: RowProblem[]
  /** The row's document when its type and number are valid, even if other cells are not. */
  document: { identifierType: number; identifier: string } | null
} {
  const problems: RowProblem[] = []
  const context: RowContext = { banks, type: null, bankCode: null }
  context.type = take(cells, 'identifierType', checkType, context, problems)
  const identifier = take(cells, 'identifier', identifierRule, context, problems)
  take(cells, 'fullName', checkName, context, problems)
  context.bankCode = take(cells, 'bankCode', bankRule, context, problems)
  const bankAccount = take(cells, 'bankAccount', checkAccount, context, problems)
  const cci = take(cells, 'bankInterAccount', cciRule, context, problems)
  if (
    cci &&
    context.bankCode &&
    bankAccount &&
    checkCciAccount(context.bankCode, bankAccount, cci) === 'mismatch'
  ) {
    problems.push({
      column: PAYROLL_FILE_COLUMNS[COLUMN_INDEX.bankInterAccount].header,
      value: cci,
      message: CCI_ACCOUNT_MESSAGES.mismatch,
    })
  }
  const amount = take(cells, 'amount', checkAmount, context, problems)
  const before = problems.length
  const extras =
    optional && hasOptionalColumns(optional.layout)
      ? checkOptionalCells(cells, optional.layout, optional.headers, problems, cellTrouble, checkAmount)
      : undefined
  // The net is compared only when every optional cell was readable (else it would mislead).
  if (extras && optional?.layout.concepts.length && amount !== null && problems.length === before) {
    const net = conceptsNet(optional.layout, extras.concepts)
    const cents = decimalToCents(amount)
    if (net !== cents) {
      problems.push({
        column: PAYROLL_FILE_COLUMNS[COLUMN_INDEX.amount].header,
        value: cellText(cells[COLUMN_INDEX.amount] ?? EMPTY),
        message: CONCEPT_MESSAGES.net(net, cents),
      })
    }
    const rate = afpRateOfLine(optional.layout, extras)
    if (rate) problems.push(...afpProblems(optional.layout, extras, rate))
  }
  for (let i = PAYROLL_FILE_COLUMNS.length; i < cells.length; i++) {
    if (optional?.layout.used.has(i)) continue
    if (cells[i] && cells[i].kind !== 'empty') {
      problems.push({ column: columnLetter(i), value: cellText(cells[i]), message: ROW_MESSAGES.extraData })
    }
  }
  const { type, bankCode } = context
  const document = type !== null && identifier !== null ? { identifierType: type, identifier } : null
  if (identifier === TEMPLATE_EXAMPLE.identifier && bankAccount === TEMPLATE_EXAMPLE.bankAccount) {
    problems.unshift({
      column: PAYROLL_FILE_COLUMNS[COLUMN_INDEX.identifier].header,
      value: identifier,
      message: ROW_MESSAGES.templateExample,
    })
  }
  if (
    problems.length ||
    type === null ||
    identifier === null ||
    bankCode === null ||
    bankAccount === null ||
    amount === null
  ) {
    return { values: null, problems, document }
  }
  return {
    values: {
      identifierType: type,
      identifier,
      bankCode,
      bankAccount,
      bankInterAccount: cci,
      amount,
      ...(extras ? { extras } : {}),
    },
    problems,
    document,
  }
}
