import { decimalToCents, formatCents } from '../common/money'
import { periodDays, periodLabel } from '../common/period'
import { asShown } from '../sheets/cell-shown'
import {
  type Checked,
  cellText,
  clip,
  columnLetter,
  type RowProblem,
  type SheetCell,
} from '../sheets/sheet-cell'
import {
  AFP_COMMISSION_TYPES,
  AFP_NAMES,
  type AfpCommissionType,
  type AfpName,
  type AfpRateRow,
  afpRateInPeriod,
} from './afp-rates'

/**
 * The payroll template's optional columns, after its seven fixed ones and in any order: the concepts
 * of PLAME's table 22 (a column headed by its code, `0121` or `0121 Remuneración básica`), days
 * worked, ordinary and overtime hours, and the worker's pension system and CUSPP (for AFPnet).
 * A file without them reads as it always did.
 */

/** What a concept does on the boleta (the `kind` of `plame_concepts`). */
export const CONCEPT_KIND = { INCOME: 1, DEDUCTION: 2, EMPLOYER: 3 } as const
export const conceptKindLabel: Record<number, string> = {
  1: 'Ingreso',
  2: 'Descuento o aporte del trabajador',
  3: 'Aporte del empleador',
}

export type OptionalColumnKey =
  | 'daysWorked'
  | 'ordinaryHours'
  | 'overtimeHours'
  | 'pensionSystem'
  | 'cuspp'
  | 'afp'
  | 'afpCommission'

export const PAYROLL_OPTIONAL_COLUMNS: readonly { key: OptionalColumnKey; header: string; note: string }[] = [
  {
    key: 'daysWorked',
    header: 'Días laborados',
    note: 'Opcional. Número entero de días trabajados en el periodo, de 0 a 31.',
  },
  {
    key: 'ordinaryHours',
    header: 'Horas ordinarias',
    note: 'Opcional. Horas ordinarias del periodo en una celda numérica (192 o 7.5), o con formato de hora [h]:mm; deben ser minutos enteros.',
  },
  {
    key: 'overtimeHours',
    header: 'Horas de sobretiempo',
    note: 'Opcional. Horas de sobretiempo del periodo, como las horas ordinarias.',
  },
  {
    key: 'pensionSystem',
    header: 'Régimen pensionario',
    note: 'Opcional. AFP u ONP. Solo las filas AFP van a la hoja de AFPnet.',
  },
  {
    key: 'cuspp',
    header: 'CUSPP',
    note: 'Opcional. Código único de afiliación al SPP, 12 letras y dígitos (lo pide la hoja de AFPnet).',
  },
  {
    key: 'afp',
    header: 'AFP',
    note: 'Opcional, solo en filas del régimen AFP: HABITAT, INTEGRA, PRIMA o PROFUTURO. Con el Tipo de comisión AFP, los conceptos 0608, 0601 y 0606 se comparan con las tasas de esa AFP para el periodo, si están registradas.',
  },
  {
    key: 'afpCommission',
    header: 'Tipo de comisión AFP',
    note: 'Opcional: FLUJO (comisión sobre la remuneración) o MIXTA. Vacío: no se comprueban los aportes AFP de la fila.',
  },
]

/** The note of the concept columns in the template. */
export const CONCEPT_COLUMNS_NOTE =
  'Opcional, una columna por concepto. Encabezado: el código de 4 dígitos de la tabla 22 de PLAME, solo o seguido de su descripción (0121 o 0121 Remuneración o jornal básico). Importe en soles, con 2 decimales como máximo; vacío o 0 si no corresponde. Si el archivo tiene conceptos, en cada fila los ingresos menos los descuentos y aportes del trabajador deben ser igual al Monto (S/); los aportes del empleador (por ejemplo 0804 EsSalud) no se restan.'

/** A concept column found in the header: where, its code, and (once resolved) what the code means. */
export type ConceptColumn = {
  index: number
  code: string
  header: string
  description: string
  kind: number
}

/** Where the optional columns are in a file (all absent in an old template file). */
export type PayrollLayout = {
  concepts: ConceptColumn[]
  optional: Partial<Record<OptionalColumnKey, number>>
  /** Every column the file uses (the seven fixed ones and the optional ones found). */
  used: ReadonlySet<number>
  /** The AFP rates in force in the payroll's period, by `AFP:TIPO` (`resolveAfpRates`). */
  afpRates?: ReadonlyMap<string, AfpRateRow>
}

export const CONCEPT_MESSAGES = {
  repeatedColumn: (letter: string, header: string, first: string) =>
    `La columna ${letter} ('${header}') repite la columna ${first}: cada columna opcional y cada concepto puede figurar una sola vez`,
  conceptUnknown: (letter: string, header: string, code: string) =>
    `La columna ${letter} ('${header}'): el código ${code} no existe en la tabla 22 de PLAME (ingresos, tributos y descuentos)`,
  conceptNotInPeriod: (letter: string, header: string, code: string, period: string) =>
    `La columna ${letter} ('${header}'): el código ${code} de la tabla 22 de PLAME no está vigente en el periodo ${periodLabel(period)}`,
  conceptNegative: 'El importe de un concepto no puede ser negativo',
  conceptNumber: 'El importe del concepto debe estar en una celda numérica',
  conceptMax: 'El importe del concepto excede el máximo permitido',
  days: 'Días laborados debe ser un número entero de 0 a 31',
  hours: (label: string) =>
    `${label} debe ser un número de horas de 0 a 744 en una celda numérica (192 o 7.5) que corresponda a minutos enteros`,
  pensionSystem: 'Régimen pensionario debe ser AFP u ONP (o quedar vacío)',
  cuspp: 'CUSPP debe tener 12 caracteres, solo letras y dígitos',
  afp: `AFP debe ser ${AFP_NAMES.join(', ')} (o quedar vacío)`,
  afpNotAfp: 'AFP solo corresponde a filas con Régimen pensionario AFP',
  afpCommission: 'Tipo de comisión AFP debe ser FLUJO o MIXTA (o quedar vacío)',
  net: (net: number, amount: number) =>
    `El neto de los conceptos (ingresos menos descuentos y aportes del trabajador) es ${formatCents(net)} y el monto a pagar es ${formatCents(amount)}: deben ser iguales`,
} as const

const normalize = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()
const OPTIONAL_BY_HEADER = new Map(PAYROLL_OPTIONAL_COLUMNS.map((c) => [normalize(c.header), c.key]))
const CONCEPT_HEADER = /^(\d{4})(?:\s.*)?$/s

/**
 * Reads the optional part of a header row (from `from` on): the concept and optional columns found,
 * and problems for a column that is neither, or repeats one. The codes are checked against table 22
 * later (`resolveConcepts`), where the payroll's period is known.
 */
export function readOptionalHeader(
  cells: readonly (string | null | undefined)[],
  from: number,
): { layout: PayrollLayout; problems: string[]; unknown: number[] } {
  const concepts: ConceptColumn[] = []
  const optional: Partial<Record<OptionalColumnKey, number>> = {}
  const used = new Set<number>(Array.from({ length: from }, (_, i) => i))
  const problems: string[] = []
  const unknown: number[] = []
  const seen = new Map<string, number>()
  for (let i = from; i < cells.length; i++) {
    const found = (cells[i] ?? '').trim()
    if (!found) continue
    const key = OPTIONAL_BY_HEADER.get(normalize(found))
    const code = key ? null : CONCEPT_HEADER.exec(found)?.[1]
    if (!key && !code) {
      unknown.push(i)
      continue
    }
    const identity = key ?? `code:${code}`
    const first = seen.get(identity)
    if (first !== undefined) {
      problems.push(CONCEPT_MESSAGES.repeatedColumn(columnLetter(i), clip(found), columnLetter(first)))
      continue
    }
    seen.set(identity, i)
    used.add(i)
    if (key) optional[key] = i
    else if (code) concepts.push({ index: i, code, header: clip(found), description: '', kind: 0 })
  }
  return { layout: { concepts, optional, used }, problems, unknown }
}

/** One dated row of table 22 (`plame_concepts`). */
export type PlameConceptRow = {
  code: string
  validFrom: string
  validTo: string | null
  description: string
  kind: number
}

/**
 * The row of table 22 a code has in a period: the one in force on the period's last day (the law
 * names the month), else any in force some day of the month. Null when the code has none then.
 */
export function conceptInPeriod(
  rows: readonly PlameConceptRow[],
  code: string,
  period: string,
): PlameConceptRow | null {
  const { first, last } = periodDays(period)
  const inForce = (r: PlameConceptRow, day: string) =>
    r.validFrom <= day && (r.validTo === null || r.validTo >= day)
  const ofCode = rows.filter((r) => r.code === code)
  return (
    ofCode.find((r) => inForce(r, last)) ??
    ofCode.find((r) => r.validFrom <= last && (r.validTo === null || r.validTo >= first)) ??
    null
  )
}

/**
 * Gives each concept column its description and kind for the payroll's period; a code table 22
 * does not have, or has not in force in the period, is a header problem naming the column.
 */
export function resolveConcepts(
  layout: PayrollLayout,
  rows: readonly PlameConceptRow[],
  period: string,
): string[] {
  const problems: string[] = []
  for (const column of layout.concepts) {
    const row = conceptInPeriod(rows, column.code, period)
    const letter = columnLetter(column.index)
    if (row) {
      column.description = row.description
      column.kind = row.kind
    } else if (rows.some((r) => r.code === column.code)) {
      problems.push(CONCEPT_MESSAGES.conceptNotInPeriod(letter, column.header, column.code, period))
    } else {
      problems.push(CONCEPT_MESSAGES.conceptUnknown(letter, column.header, column.code))
    }
  }
  return problems
}

const afpKey = (afp: AfpName, type: AfpCommissionType) => `${afp}:${type}`

/**
 * Keeps in the layout the AFP rates in force in the payroll's period (`afpRateInPeriod`), for the
 * rows that name their AFP and commission type. Only files with concept columns are checked.
 */
export function resolveAfpRates(layout: PayrollLayout, rows: readonly AfpRateRow[], period: string): void {
  const rates = new Map<string, AfpRateRow>()
  for (const afp of AFP_NAMES)
    for (const type of AFP_COMMISSION_TYPES) {
      const rate = afpRateInPeriod(rows, afp, type, period)
      if (rate) rates.set(afpKey(afp, type), rate)
    }
  layout.afpRates = rates
}

/** The rates a row is checked against: its AFP's and commission type's in the period, if any. */
export function afpRateOfLine(layout: PayrollLayout, extras: LineExtras): AfpRateRow | null {
  if (extras.pensionSystem !== 'AFP' || !extras.afp || !extras.afpCommission) return null
  return layout.afpRates?.get(afpKey(extras.afp, extras.afpCommission)) ?? null
}

/** What the optional columns give for one row. Concepts: index into `layout.concepts`, and céntimos. */
export type LineExtras = {
  concepts: { column: number; cents: number }[]
  daysWorked: number | null
  ordinaryMinutes: number | null
  overtimeMinutes: number | null
  pensionSystem: 'AFP' | 'ONP' | null
  cuspp: string | null
  afp: AfpName | null
  afpCommission: AfpCommissionType | null
}

const MAX_CONCEPT_CENTS = 999_999_999_999
const fail = (message: string) => ({ message })
const isBlank = (cell: SheetCell) => cell.kind === 'empty' || (cell.kind === 'text' && !cell.text.trim())

/**
 * A concept's amount in céntimos; null for an empty cell or zero (nothing to store). A positive
 * amount passes the amount column's rule (`amountRule`: what the cell shows is what it holds).
 */
function checkConceptCents(
  cell: SheetCell,
  amountRule: (cell: SheetCell) => Checked<string>,
): Checked<number | null> {
  if (isBlank(cell)) return { value: null }
  if (cell.kind !== 'number' || !Number.isFinite(cell.value)) return fail(CONCEPT_MESSAGES.conceptNumber)
  const value = asShown(cell.value)
  if (value < 0) return fail(CONCEPT_MESSAGES.conceptNegative)
  if (value === 0) return { value: null }
  const checked = amountRule(cell)
  if ('message' in checked) return checked
  const cents = decimalToCents(checked.value)
  return cents > MAX_CONCEPT_CENTS ? fail(CONCEPT_MESSAGES.conceptMax) : { value: cents }
}

function checkDays(cell: SheetCell): Checked<number | null> {
  if (isBlank(cell)) return { value: null }
  if (cell.kind !== 'number' || !Number.isInteger(cell.value) || cell.value < 0 || cell.value > 31)
    return fail(CONCEPT_MESSAGES.days)
  return { value: cell.value }
}

/** Hours as minutes: a number of hours, or a time format ([h]:mm), where Excel stores days. */
function checkMinutes(cell: SheetCell, label: string): Checked<number | null> {
  if (isBlank(cell)) return { value: null }
  if (cell.kind !== 'number' || !Number.isFinite(cell.value)) return fail(CONCEPT_MESSAGES.hours(label))
  const isTime = cell.format !== undefined && /h/i.test(cell.format.replace(/"[^"]*"/g, ''))
  const raw = isTime ? cell.value * 24 * 60 : cell.value * 60
  const minutes = Math.round(raw)
  if (Math.abs(raw - minutes) > 1e-6 || minutes < 0 || minutes > 744 * 60)
    return fail(CONCEPT_MESSAGES.hours(label))
  return { value: minutes }
}

function checkPensionSystem(cell: SheetCell): Checked<'AFP' | 'ONP' | null> {
  if (isBlank(cell)) return { value: null }
  const text = cell.kind === 'text' ? cell.text.trim().toUpperCase() : ''
  return text === 'AFP' || text === 'ONP' ? { value: text } : fail(CONCEPT_MESSAGES.pensionSystem)
}

function checkCuspp(cell: SheetCell): Checked<string | null> {
  if (isBlank(cell)) return { value: null }
  const text = cell.kind === 'text' ? cell.text.trim().toUpperCase() : ''
  return /^[0-9A-Z]{12}$/.test(text) ? { value: text } : fail(CONCEPT_MESSAGES.cuspp)
}

function checkAfp(cell: SheetCell): Checked<AfpName | null> {
  if (isBlank(cell)) return { value: null }
  const text =
    cell.kind === 'text'
      ? cell.text
          .trim()
          .toUpperCase()
          .replace(/^AFP\s+/, '')
      : ''
  const afp = AFP_NAMES.find((name) => name === text)
  return afp ? { value: afp } : fail(CONCEPT_MESSAGES.afp)
}

function checkAfpCommission(cell: SheetCell): Checked<AfpCommissionType | null> {
  if (isBlank(cell)) return { value: null }
  const text = cell.kind === 'text' ? cell.text.trim().toUpperCase() : ''
  const type = AFP_COMMISSION_TYPES.find((name) => name === text)
  return type ? { value: type } : fail(CONCEPT_MESSAGES.afpCommission)
}

const EMPTY: SheetCell = { kind: 'empty' }

/** The problem-free optional cells of a row, and problems for the others, named by column header. */
export function checkOptionalCells(
  cells: readonly SheetCell[],
  layout: PayrollLayout,
  headers: readonly (string | null | undefined)[],
  problems: RowProblem[],
  cellTrouble: (cell: SheetCell) => string | null,
  amountRule: (cell: SheetCell) => Checked<string>,
): LineExtras {
  const take = <T>(index: number | undefined, check: (cell: SheetCell) => Checked<T | null>): T | null => {
    if (index === undefined) return null
    const cell = cells[index] ?? EMPTY
    const trouble = cellTrouble(cell)
    const result = trouble ? fail(trouble) : check(cell)
    if ('message' in result) {
      problems.push({
        column: clip(headers[index] ?? columnLetter(index)),
        value: cellText(cell),
        message: result.message,
      })
      return null
    }
    return result.value
  }
  const concepts: LineExtras['concepts'] = []
  layout.concepts.forEach((column, i) => {
    const cents = take(column.index, (cell) => checkConceptCents(cell, amountRule))
    if (cents !== null) concepts.push({ column: i, cents })
  })
  const { optional } = layout
  const daysWorked = take(optional.daysWorked, checkDays)
  const ordinaryMinutes = take(optional.ordinaryHours, (c) => checkMinutes(c, 'Horas ordinarias'))
  const overtimeMinutes = take(optional.overtimeHours, (c) => checkMinutes(c, 'Horas de sobretiempo'))
  const pensionSystem = take(optional.pensionSystem, checkPensionSystem)
  const cuspp = take(optional.cuspp, checkCuspp)
  const afp = take(optional.afp, (cell) => {
    const checked = checkAfp(cell)
    return 'value' in checked && checked.value && pensionSystem !== 'AFP'
      ? fail(CONCEPT_MESSAGES.afpNotAfp)
      : checked
  })
  const afpCommission = take(optional.afpCommission, checkAfpCommission)
  return { concepts, daysWorked, ordinaryMinutes, overtimeMinutes, pensionSystem, cuspp, afp, afpCommission }
}

/** Income (kind 1): the remuneración asegurable the AFP rates apply to, as on the AFPnet sheet. */
export function conceptsIncome(layout: PayrollLayout, concepts: LineExtras['concepts']): number {
  let income = 0
  for (const { column, cents } of concepts)
    if (layout.concepts[column].kind === CONCEPT_KIND.INCOME) income += cents
  return income
}

/** Income minus the worker's deductions and contributions (the employer's are not paid to the worker). */
export function conceptsNet(layout: PayrollLayout, concepts: LineExtras['concepts']): number {
  let net = 0
  for (const { column, cents } of concepts) {
    const kind = layout.concepts[column].kind
    if (kind === CONCEPT_KIND.INCOME) net += cents
    else if (kind === CONCEPT_KIND.DEDUCTION) net -= cents
  }
  return net
}
