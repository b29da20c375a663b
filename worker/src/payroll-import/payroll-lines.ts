import { centsToSoles, decimalToCents, type PayrollRowValues } from '@planillas/domain'
import { LineConcepts } from './line-concepts'

/** A checked row with the employee who holds its document, their name and the line's review flags. */
export type PayrollLine = PayrollRowValues & {
  rowNumber: number
  employeeId: number
  fullName: string
  reviewFlags: number
}

/** One slice of lines, column by column, as the set-based insert takes them. */
export type LineColumns = {
  rowNumber: number[]
  employeeId: number[]
  identifierType: number[]
  identifier: string[]
  bankCode: string[]
  bankAccount: string[]
  bankInterAccount: (string | null)[]
  amount: string[]
  fullName: string[]
  reviewFlags: number[]
  daysWorked: (number | null)[]
  ordinaryMinutes: (number | null)[]
  overtimeMinutes: (number | null)[]
  pensionSystem: (string | null)[]
  cuspp: (string | null)[]
}

/** Optional numbers packed with -1 for "the file had none" (they are never negative). */
const NONE = -1
const PENSION = [null, 'AFP', 'ONP'] as const

const INTS = 3 // row number, employee id, identifier type
const TEXTS = 3 // identifier, account, CCI (ASCII: letters and digits only, by the row rules)

/**
 * The lines of a clean file, packed until they are written (PGlite, which cannot stream COPY
 * while the sheet is read; on PostgreSQL the lines go to COPY as they are checked): numbers in typed arrays, the texts
 * (ASCII by the row rules) in one byte buffer, amounts as integer cents. 200,000 lines take about
 * 15 MB outside the JavaScript heap instead of some 60 MB of strings inside it, which keeps the
 * worker's memory flat (≤ 250 MB for 100,000 rows).
 */
export class PayrollLines {
  private count = 0
  private ints = new Int32Array(1024 * INTS)
  private cents = new Float64Array(1024)
  private textLengths = new Uint8Array(1024 * TEXTS)
  private textStarts = new Int32Array(1024)
  private text = Buffer.alloc(64 * 1024)
  private textEnd = 0
  private bankCodes: string[] = []
  private bankIndex = new Uint16Array(1024)
  private flags = new Uint8Array(1024)
  // Names may hold any letter (not ASCII): plain strings, fresh from the look-up's result.
  private names: string[] = []
  // Days, ordinary and overtime minutes (NONE when absent), pension system (index of PENSION), CUSPP.
  private extras = new Int32Array(1024 * 3).fill(NONE)
  private pension = new Uint8Array(1024)
  private cuspps: (string | null)[] = []
  readonly concepts = new LineConcepts()

  get length() {
    return this.count
  }

  push(line: PayrollLine) {
    this.reserve(line)
    const i = this.count
    this.ints[i * INTS] = line.rowNumber
    this.ints[i * INTS + 1] = line.employeeId
    this.ints[i * INTS + 2] = line.identifierType
    this.cents[i] = decimalToCents(line.amount)
    this.textStarts[i] = this.textEnd
    this.writeText(i * TEXTS, line.identifier)
    this.writeText(i * TEXTS + 1, line.bankAccount)
    this.writeText(i * TEXTS + 2, line.bankInterAccount ?? '')
    let bank = this.bankCodes.indexOf(line.bankCode)
    if (bank === -1) bank = this.bankCodes.push(line.bankCode) - 1
    this.bankIndex[i] = bank
    this.flags[i] = line.reviewFlags
    this.names.push(line.fullName)
    const e = line.extras
    this.extras[i * 3] = e?.daysWorked ?? NONE
    this.extras[i * 3 + 1] = e?.ordinaryMinutes ?? NONE
    this.extras[i * 3 + 2] = e?.overtimeMinutes ?? NONE
    this.pension[i] = e?.pensionSystem ? PENSION.indexOf(e.pensionSystem) : 0
    this.cuspps.push(e?.cuspp ?? null)
    if (e?.concepts.length) this.concepts.push(line.rowNumber, e.concepts)
    this.count++
  }

  /** Lines from..to (exclusive), as columns. */
  columns(from: number, to: number): LineColumns {
    const columns: LineColumns = {
      rowNumber: [],
      employeeId: [],
      identifierType: [],
      identifier: [],
      bankCode: [],
      bankAccount: [],
      bankInterAccount: [],
      amount: [],
      fullName: [],
      reviewFlags: [],
      daysWorked: [],
      ordinaryMinutes: [],
      overtimeMinutes: [],
      pensionSystem: [],
      cuspp: [],
    }
    const extra = (value: number) => (value === NONE ? null : value)
    for (let i = from; i < Math.min(to, this.count); i++) {
      columns.rowNumber.push(this.ints[i * INTS])
      columns.employeeId.push(this.ints[i * INTS + 1])
      columns.identifierType.push(this.ints[i * INTS + 2])
      const identifierEnd = this.textStarts[i] + this.textLengths[i * TEXTS]
      const accountEnd = identifierEnd + this.textLengths[i * TEXTS + 1]
      const cciEnd = accountEnd + this.textLengths[i * TEXTS + 2]
      columns.identifier.push(this.text.toString('latin1', this.textStarts[i], identifierEnd))
      columns.bankAccount.push(this.text.toString('latin1', identifierEnd, accountEnd))
      columns.bankInterAccount.push(
        cciEnd > accountEnd ? this.text.toString('latin1', accountEnd, cciEnd) : null,
      )
      columns.bankCode.push(this.bankCodes[this.bankIndex[i]])
      columns.amount.push(centsToSoles(this.cents[i]))
      columns.fullName.push(this.names[i])
      columns.reviewFlags.push(this.flags[i])
      columns.daysWorked.push(extra(this.extras[i * 3]))
      columns.ordinaryMinutes.push(extra(this.extras[i * 3 + 1]))
      columns.overtimeMinutes.push(extra(this.extras[i * 3 + 2]))
      columns.pensionSystem.push(PENSION[this.pension[i]])
      columns.cuspp.push(this.cuspps[i])
    }
    return columns
  }

  private writeText(slot: number, value: string) {
    this.textLengths[slot] = this.text.write(value, this.textEnd, 'latin1')
    this.textEnd += this.textLengths[slot]
  }

  private reserve(line: PayrollLine) {
    if (this.count === this.cents.length) {
      const size = this.cents.length * 2
      this.ints = grow(this.ints, size * INTS)
      this.cents = grow(this.cents, size)
      this.textLengths = grow(this.textLengths, size * TEXTS)
      this.textStarts = grow(this.textStarts, size)
      this.bankIndex = grow(this.bankIndex, size)
      this.flags = grow(this.flags, size)
      this.pension = grow(this.pension, size)
      const extras = new Int32Array(size * 3).fill(NONE)
      extras.set(this.extras)
      this.extras = extras
    }
    const needed =
      this.textEnd + line.identifier.length + line.bankAccount.length + (line.bankInterAccount?.length ?? 0)
    if (needed > this.text.length) {
      const text = Buffer.alloc(Math.max(needed, this.text.length * 2))
      this.text.copy(text, 0, 0, this.textEnd)
      this.text = text
    }
  }
}

type Typed = Int32Array | Float64Array | Uint8Array | Uint16Array

function grow<T extends Typed>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size)
  bigger.set(array)
  return bigger
}
