import { isoFromDayMonthYear } from '../common/date-input'
import { isIsoDate } from '../common/dates'
import { todayInLima } from '../common/format'
import { decimalToCents } from '../common/money'
import { isValidRuc } from '../common/ruc'
import { FILE_MESSAGES } from '../payroll/payroll-file'
import { cellTrouble, checkAmount, ROW_MESSAGES } from '../payroll/payroll-row'
import {
  type Checked,
  cellText,
  certainDigits,
  clip,
  columnLetter,
  type RowProblem,
  type SheetCell,
} from '../sheets/sheet-cell'
import {
  RECORDING_PERIOD_MAX_MONTHS,
  RECORDING_PERIOD_MESSAGES,
  RECORDING_PERIOD_PATTERN,
  recordingPeriodProblem,
} from './detraction-deadline'
import { VOUCHER_CURRENCIES, type VoucherCurrency } from './exchange-rate'
import { CREDIT_NOTE, VOUCHER_MESSAGES, VOUCHER_TYPES, type VoucherType } from './voucher-schema'

/**
 * 'Carga de comprobantes': the spreadsheet of supplier vouchers registered in bulk for
 * one paying company. Its columns mirror 'Registrar comprobante' (the company is the form's; the
 * PDF is attached later on each voucher). The header check and the rules of one row are here; the
 * supplier, the expense line, repeated numbers and the credited voucher need the database and the
 * whole file (the worker).
 */
export type VoucherColumnKey =
  | 'ruc'
  | 'type'
  | 'series'
  | 'number'
  | 'issueDate'
  | 'dueDate'
  | 'base'
  | 'igv'
  | 'total'
  | 'description'
  | 'expenseLine'
  | 'credited'
  | 'recordingPeriod'
  | 'currency'

/** `optional`: a last column a file made from an older template may lack altogether. */
export type VoucherColumn = {
  key: VoucherColumnKey
  header: string
  width: number
  note: string
  optional?: boolean
}

export const VOUCHER_LIMITS = { maxFileBytes: 20 * 1024 * 1024, maxRows: 5000 } as const

export const VOUCHER_FILE_COLUMNS: readonly VoucherColumn[] = [
  {
    key: 'ruc',
    header: 'RUC del proveedor',
    width: 16,
    note: 'Obligatorio. RUC de 11 dígitos de un proveedor registrado y activo (Proveedores).',
  },
  {
    key: 'type',
    header: 'Tipo de comprobante',
    width: 14,
    note: 'Obligatorio. Código SUNAT: 01 factura, 02 recibo por honorarios, 03 boleta de venta, 07 nota de crédito, 08 nota de débito.',
  },
  {
    key: 'series',
    header: 'Serie',
    width: 10,
    note: 'Obligatorio. 4 caracteres, letras y números (p. ej. F001).',
  },
  {
    key: 'number',
    header: 'Número',
    width: 12,
    note: 'Obligatorio. Entre 1 y 8 dígitos. El tipo, la serie y el número no pueden repetirse para un proveedor, ni en el archivo ni entre los comprobantes ya registrados.',
  },
  {
    key: 'issueDate',
    header: 'Fecha de emisión',
    width: 14,
    note: 'Obligatorio. Celda de fecha, o texto DD/MM/AAAA. No puede ser posterior a hoy.',
  },
  {
    key: 'dueDate',
    header: 'Fecha de vencimiento',
    width: 14,
    note: 'Obligatorio. Celda de fecha, o texto DD/MM/AAAA. No puede ser anterior a la fecha de emisión.',
  },
  {
    key: 'base',
    header: 'Base imponible',
    width: 16,
    note: 'Obligatorio. En soles, en una celda numérica con 2 decimales como máximo (0 si no tiene).',
  },
  {
    key: 'igv',
    header: 'IGV',
    width: 14,
    note: 'Obligatorio. En soles, en una celda numérica con 2 decimales como máximo (0 si no tiene).',
  },
  {
    key: 'total',
    header: 'Total',
    width: 16,
    note: 'Obligatorio. En soles, mayor a cero: debe ser la base imponible más el IGV, al céntimo.',
  },
  {
    key: 'description',
    header: 'Descripción',
    width: 40,
    note: 'Obligatorio. Máximo 500 caracteres.',
  },
  {
    key: 'expenseLine',
    header: 'Línea de gasto',
    width: 24,
    note: 'Obligatorio. Código (LG-0001) o descripción de una línea de gasto activa (Mantenimiento › Líneas de gasto).',
  },
  {
    key: 'credited',
    header: 'Comprobante que modifica',
    width: 22,
    note: 'Solo la nota de crédito (07), y en ella obligatorio: serie-número del comprobante ya registrado del mismo proveedor que modifica (p. ej. F001-123). Si ese comprobante está RECHAZADO, su número queda libre.',
  },
  {
    key: 'recordingPeriod',
    header: 'Periodo de registro',
    width: 14,
    optional: true,
    note: `Opcional (la columna puede faltar). Mes del Registro de Compras, AAAAMM (p. ej. 202612); vacío: el mes de emisión. Desde el mes de emisión hasta ${RECORDING_PERIOD_MAX_MONTHS} meses después. El plazo de la detracción corre desde este periodo.`,
  },
  {
    key: 'currency',
    header: 'Moneda',
    width: 10,
    optional: true,
    note: 'Opcional (la columna puede faltar). PEN (soles) o USD (dólares); vacío: PEN. Los importes van en esa moneda; en dólares, la detracción y la retención se calculan en soles con el tipo de cambio SBS. Un recibo por honorarios (02) va en soles.',
  },
]

export const VOUCHER_TEMPLATE_HEADERS = VOUCHER_FILE_COLUMNS.map((c) => c.header)
/** The template's example row: a file that still carries it is refused. */
export const VOUCHER_TEMPLATE_EXAMPLE: readonly (string | number)[] = [
  '20100070970',
  '01',
  'F001',
  '123',
  '01/11/2026',
  '30/11/2026',
  1000,
  180,
  1180,
  'Servicio de mantenimiento de noviembre',
  'LG-0001',
  '',
  '',
  '',
]
export const VOUCHER_TEMPLATE_SHEET = 'Comprobantes'
export const VOUCHER_TEMPLATE_FILE_NAME = 'plantilla-comprobantes.xlsx'

export const VOUCHER_UPLOAD_MESSAGES = {
  file: 'El archivo es requerido',
  oneFile: 'Cargue un solo archivo de comprobantes',
  fileExtension: 'El archivo de comprobantes debe ser un libro de Excel (.xlsx)',
  fileSize: 'El archivo de comprobantes admite como máximo 20 MB',
  accepted: 'Carga de comprobantes recibida: se procesará en segundo plano',
  companyInvalid: 'Empresa inválida',
} as const

export const VOUCHER_ROW_MESSAGES = {
  rucRequired: 'RUC del proveedor es requerido',
  rucFormat: 'RUC del proveedor debe tener 11 dígitos',
  rucInvalid: 'RUC del proveedor inválido: el dígito verificador no corresponde',
  typeInvalid: 'Tipo de comprobante inválido: use 01, 02, 03, 07 u 08',
  dateInvalid: 'Fecha inválida: use una celda de fecha o el texto DD/MM/AAAA',
  descriptionLength: 'Descripción admite como máximo 500 caracteres',
  creditedFormat: 'Comprobante que modifica debe ser serie-número (p. ej. F001-123)',
  amountNegative: 'El monto no puede ser negativo',
  supplierUnknown: 'No existe un proveedor registrado con ese RUC',
  expenseLineUnknown: 'No existe una línea de gasto activa con ese código o descripción',
  creditedUnknown: 'No existe un comprobante registrado del proveedor con esa serie y número',
  repeated: (row: number) =>
    `El comprobante se repite: el mismo proveedor, tipo, serie y número ya figura en la fila ${row}`,
  writeConflict: (label: string) =>
    `Mientras se procesaba el archivo se registró el comprobante ${label} del mismo proveedor: no se registró ningún comprobante; corrija el archivo y vuelva a cargarlo`,
} as const

const M = VOUCHER_MESSAGES
const R = VOUCHER_ROW_MESSAGES

/** A usable row, before the supplier, expense line and credited voucher are looked up. */
export type VoucherRowValues = {
  ruc: string
  type: VoucherType
  series: string
  number: number
  issueDate: string
  dueDate: string
  baseCents: number
  igvCents: number
  totalCents: number
  description: string
  /** As typed: a code (LG-0001) or a description. */
  expenseLine: string
  /** A nota de crédito's credited voucher (series, number); null for other types. */
  credited: { series: string; number: number } | null
  /** 'Periodo de registro' (AAAAMM); null: the issue month. */
  recordingPeriod: string | null
  /** 'PEN' (also when blank) or 'USD': the amounts are cents of it. */
  currency: VoucherCurrency
}

const fail = (message: string) => ({ message })
const textOf = (cell: SheetCell) =>
  cell.kind === 'number' ? String(cell.value) : cell.kind === 'text' ? cell.text.trim() : ''

/** Digits of a code cell: text as typed, an integer number as shown (a padded format keeps its zeros). */
function digitsOf(cell: SheetCell): string {
  if (cell.kind === 'number')
    return Number.isSafeInteger(cell.value) ? (certainDigits(cell) ?? String(cell.value)) : ''
  return textOf(cell)
}

function checkRuc(cell: SheetCell): Checked<string> {
  if (cell.kind === 'date' || cell.kind === 'boolean') return fail(R.rucFormat)
  const value = digitsOf(cell)
  if (!value) return fail(R.rucRequired)
  if (!/^\d{11}$/.test(value)) return fail(R.rucFormat)
  return isValidRuc(value) ? { value } : fail(R.rucInvalid)
}

function checkType(cell: SheetCell): Checked<VoucherType> {
  const raw = digitsOf(cell)
  if (!raw) return fail(M.typeRequired)
  // A General cell turns '01' into 1: the code is still what the clerk meant.
  const code = /^\d{1,2}$/.test(raw) ? raw.padStart(2, '0') : raw
  return VOUCHER_TYPES.includes(code as VoucherType) ? { value: code as VoucherType } : fail(R.typeInvalid)
}

function checkSeries(cell: SheetCell): Checked<string> {
  const value = textOf(cell).toUpperCase()
  if (!value) return fail(M.seriesRequired)
  return /^[A-Z0-9]{4}$/.test(value) ? { value } : fail(M.seriesFormat)
}

const numberOf = (text: string): Checked<number> =>
  /^\d{1,8}$/.test(text) && Number(text) > 0 ? { value: Number(text) } : fail(M.numberFormat)

function checkNumber(cell: SheetCell): Checked<number> {
  if (cell.kind === 'date' || cell.kind === 'boolean') return fail(M.numberFormat)
  const value = digitsOf(cell)
  if (!value) return fail(M.numberRequired)
  return numberOf(value)
}

function checkDate(required: string, future?: string) {
  return (cell: SheetCell): Checked<string> => {
    let iso: string
    if (cell.kind === 'date') iso = cell.text
    else if (cell.kind === 'text') iso = isoFromDayMonthYear(cell.text)
    else if (cell.kind === 'empty') return fail(required)
    else return fail(R.dateInvalid)
    if (!iso.trim()) return fail(required)
    if (!isIsoDate(iso)) return fail(R.dateInvalid)
    if (future && iso > todayInLima()) return fail(future)
    return { value: iso }
  }
}

/** Soles as the cell shows them, in céntimos; `zero` admits 0 (base and IGV). */
function checkSoles(required: string, zero: boolean) {
  return (cell: SheetCell): Checked<number> => {
    if (cell.kind === 'empty' || (cell.kind === 'text' && !cell.text.trim())) return fail(required)
    if (cell.kind === 'number' && cell.value < 0) return fail(R.amountNegative)
    if (zero && cell.kind === 'number' && cell.value === 0) return { value: 0 }
    const checked = checkAmount(cell)
    if ('message' in checked) return checked
    return { value: decimalToCents(checked.value) }
  }
}

function checkDescription(cell: SheetCell): Checked<string> {
  const value = cell.kind === 'date' ? cell.text : textOf(cell)
  if (!value) return fail(M.descriptionRequired)
  return value.length > 500 ? fail(R.descriptionLength) : { value }
}

function checkExpenseLine(cell: SheetCell): Checked<string> {
  const value = textOf(cell)
  return value ? { value } : fail(M.expenseLineRequired)
}

function checkCredited(cell: SheetCell): Checked<{ series: string; number: number } | null> {
  const value = textOf(cell).toUpperCase()
  if (!value) return { value: null }
  const match = /^([A-Z0-9]{4})\s*-\s*(\d{1,8})$/.exec(value)
  if (!match || Number(match[2]) === 0) return fail(R.creditedFormat)
  return { value: { series: match[1], number: Number(match[2]) } }
}

function checkRecordingPeriod(cell: SheetCell): Checked<string | null> {
  const value = cell.kind === 'number' && Number.isSafeInteger(cell.value) ? String(cell.value) : textOf(cell)
  if (cell.kind === 'date' || cell.kind === 'boolean') return fail(RECORDING_PERIOD_MESSAGES.format)
  if (!value) return { value: null }
  return RECORDING_PERIOD_PATTERN.test(value) ? { value } : fail(RECORDING_PERIOD_MESSAGES.format)
}

/** 'Moneda': PEN or USD, blank is PEN. */
function checkCurrency(cell: SheetCell): Checked<VoucherCurrency> {
  if (cell.kind !== 'empty' && cell.kind !== 'text') return fail(M.currency)
  const value = textOf(cell).toUpperCase()
  if (!value) return { value: 'PEN' }
  return (VOUCHER_CURRENCIES as readonly string[]).includes(value)
    ? { value: value as VoucherCurrency }
    : fail(M.currency)
}

const COLUMN_INDEX = Object.fromEntries(VOUCHER_FILE_COLUMNS.map((c, i) => [c.key, i])) as Record<
  VoucherColumnKey,
  number
>
export const voucherColumnHeader = (key: VoucherColumnKey) => VOUCHER_FILE_COLUMNS[COLUMN_INDEX[key]].header
const EMPTY: SheetCell = { kind: 'empty' }

/**
 * Checks one data row on its own: every problem of the row, each with its column and the value as
 * the cell holds it. Amounts are read as the cell shows them (`checkAmount`), dates from date
 * cells or DD/MM/AAAA text; the total must be the base plus the IGV to the cent.
 */
export function checkVoucherRow(cells: readonly SheetCell[]): {
  values: VoucherRowValues | null
  problems: RowProblem[]
} {
  const problems: RowProblem[] = []
  const cellAt = (key: VoucherColumnKey) => cells[COLUMN_INDEX[key]] ?? EMPTY
  const problem = (key: VoucherColumnKey, message: string) =>
    problems.push({ column: voucherColumnHeader(key), value: cellText(cellAt(key)), message })
  const take = <T>(key: VoucherColumnKey, check: (cell: SheetCell) => Checked<T>): T | null => {
    const cell = cellAt(key)
    const trouble = cellTrouble(cell)
    const result = trouble ? fail(trouble) : check(cell)
    if ('message' in result) {
      problem(key, result.message)
      return null
    }
    return result.value
  }
  const ruc = take('ruc', checkRuc)
  const type = take('type', checkType)
  const series = take('series', checkSeries)
  const number = take('number', checkNumber)
  const issueDate = take('issueDate', checkDate(M.issueDateRequired, M.issueDateFuture))
  const dueDate = take('dueDate', checkDate(M.dueDateRequired))
  const baseCents = take('base', checkSoles(M.baseRequired, true))
  const igvCents = take('igv', checkSoles(M.igvRequired, true))
  const totalCents = take('total', checkSoles(M.totalRequired, false))
  const description = take('description', checkDescription)
  const expenseLine = take('expenseLine', checkExpenseLine)
  const credited = take('credited', checkCredited)
  const recordingPeriod = take('recordingPeriod', checkRecordingPeriod)
  const currency = take('currency', checkCurrency)
  if (type === '02' && currency === 'USD') problem('currency', M.feeReceiptInSoles)
  if (issueDate && dueDate && dueDate < issueDate) problem('dueDate', M.dueBeforeIssue)
  if (issueDate && recordingPeriod) {
    const outside = recordingPeriodProblem(issueDate, recordingPeriod)
    if (outside) problem('recordingPeriod', outside)
  }
  if (baseCents !== null && igvCents !== null && totalCents !== null && baseCents + igvCents !== totalCents)
    problem('total', M.totalMismatch)
  if (
    type === CREDIT_NOTE &&
    credited === null &&
    !problems.some((p) => p.column === voucherColumnHeader('credited'))
  )
    problem('credited', M.creditedRequired)
  if (type && type !== CREDIT_NOTE && credited) problem('credited', M.creditedOnlyForCreditNote)
  for (let i = VOUCHER_FILE_COLUMNS.length; i < cells.length; i++) {
    if (cells[i] && cells[i].kind !== 'empty')
      problems.push({ column: columnLetter(i), value: cellText(cells[i]), message: ROW_MESSAGES.extraData })
  }
  const example = VOUCHER_TEMPLATE_EXAMPLE
  if (ruc === example[0] && series === example[2] && number === Number(example[3]))
    problems.unshift({
      column: voucherColumnHeader('ruc'),
      value: ruc,
      message: ROW_MESSAGES.templateExample,
    })
  if (
    problems.length ||
    ruc === null ||
    type === null ||
    series === null ||
    number === null ||
    issueDate === null ||
    dueDate === null ||
    baseCents === null ||
    igvCents === null ||
    totalCents === null ||
    description === null ||
    expenseLine === null ||
    currency === null
  )
    return { values: null, problems }
  return {
    values: {
      ruc,
      type,
      series,
      number,
      issueDate,
      dueDate,
      baseCents,
      igvCents,
      totalCents,
      description,
      expenseLine,
      credited,
      recordingPeriod,
      currency,
    },
    problems,
  }
}

const normalizeHeader = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * Problems of a header row against the vouchers template (same texts in the same order, nothing
 * after them; spacing and letter case do not matter). Empty when it matches.
 */
export function voucherHeaderProblems(cells: readonly (string | null | undefined)[]): string[] {
  if (cells.every((c) => !c?.trim())) return [FILE_MESSAGES.empty]
  const problems: string[] = []
  VOUCHER_TEMPLATE_HEADERS.forEach((expected, i) => {
    const found = (cells[i] ?? '').trim()
    if (!found && VOUCHER_FILE_COLUMNS[i].optional) return
    if (normalizeHeader(found) !== normalizeHeader(expected))
      problems.push(FILE_MESSAGES.headerMismatch(columnLetter(i), expected, clip(found)))
  })
  for (let i = VOUCHER_TEMPLATE_HEADERS.length; i < cells.length; i++) {
    const found = (cells[i] ?? '').trim()
    if (found) problems.push(FILE_MESSAGES.extraColumn(columnLetter(i), clip(found)))
  }
  return problems
}
