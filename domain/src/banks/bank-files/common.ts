import { isValidCci } from '../../common/identifiers'
import { centsParts } from '../../common/money'

/**
 * What every bank format needs to know about a payment order and its lines. Pure data: the API
 * reads it from the database, the formats check it and write the bank's file.
 */
export type PaymentFileHeader = {
  /** The paying company's debit account (digits only) and its bank code ('002' BCP…). */
  debitBankCode: string
  debitAccount: string
  /** Kind of debit account where the format asks for it: 'C' current (default) or 'M' maestra. */
  debitAccountType?: 'C' | 'M'
  /** 'PEN' or 'USD': payrolls are in soles, so only PEN is accepted. */
  currency: string
  /** The payment date, AAAA-MM-DD. */
  paymentDate: string
  /** Free text the bank shows on the payroll ('Referencia de la planilla'). */
  reference: string
}

export type PaymentFileLine = {
  rowNumber: number
  identifierType: number
  identifier: string
  fullName: string
  bankCode: string
  bankAccount: string
  bankInterAccount: string | null
  /** Numeric text as the database gives it, e.g. '1500.50'. */
  amount: string
  paid: boolean
  /** Flagged for review and not confirmed. */
  awaitingReview: boolean
}

/** A reason the file cannot be written: the line (its spreadsheet row) or null for the whole order. */
export type PaymentFileProblem = { rowNumber: number | null; message: string }

/** One line checked against a format: its problems, or what the format writes for it. */
export type LineCheck<C> = { problems: string[]; checked?: C }

/** What a line adds to a file's totals: its amount and its part of the checksum (0 without one). */
export type TotalsPart = { cents: bigint; checksumPart: bigint }

/**
 * A file's running totals: lines, amount in céntimos and checksum. A streamed file counts them
 * twice, while checking (its header needs them first) and while writing, and both must agree.
 */
export type FileTotals = { count: number; totalCents: bigint; checksum: bigint }

export const addToTotals = (totals: FileTotals, part: TotalsPart): FileTotals => ({
  count: totals.count + 1,
  totalCents: totals.totalCents + part.cents,
  checksum: totals.checksum + part.checksumPart,
})

export const sameTotals = (a: FileTotals, b: FileTotals) =>
  a.count === b.count && a.totalCents === b.totalCents && a.checksum === b.checksum

export const BANK_FILE_MESSAGES = {
  currency: 'Solo se pueden pagar planillas en soles: elija una cuenta de cargo en soles (PEN)',
  debitAccount: (bank: string) => `La cuenta de cargo debe ser una cuenta del ${bank}`,
  debitAccountFormat: (bank: string) => `La cuenta de cargo no tiene el formato de una cuenta del ${bank}`,
  noLines: 'La planilla no tiene líneas que pagar',
  reference: (max: number) => `La referencia admite como máximo ${max} caracteres`,
  documentType: (bank: string) =>
    `El tipo de documento no es aceptado por el ${bank} (solo DNI, carné de extranjería o pasaporte)`,
  documentLength: (max: number) =>
    `El número de documento admite como máximo ${max} caracteres en el archivo del banco`,
  nameEmpty: 'El nombre del colaborador queda vacío al quitarle los caracteres que el banco no acepta',
  nameUnwritable: (letters: string[]) =>
    `El nombre contiene ${letters.map((l) => `'${l}'`).join(', ')}, sin equivalente en el alfabeto del archivo del banco: corrija el nombre del colaborador`,
  checksumTooLong: (digits: number, max: number) =>
    `La suma de control del archivo tiene ${digits} dígitos y el formato admite ${max}: no se genera un archivo con la suma recortada; use el formato CCI o consulte al banco`,
  nameLength: (max: number, length: number) =>
    `El nombre tiene ${length} caracteres; el archivo del banco admite como máximo ${max}`,
  sameBankAccount: (bank: string) =>
    `La cuenta del ${bank} debe tener 13 dígitos (corriente) o 14 dígitos (ahorros)`,
  cciRequired: 'La cuenta es de otro banco: se necesita un CCI válido de 20 dígitos',
  cciBank: 'El CCI no corresponde al banco de la línea',
  amount: 'El monto debe ser mayor que cero y tener como máximo dos decimales',
  amountTooLarge: 'El monto excede el máximo que admite el archivo del banco',
  alreadyPaid: 'La línea ya fue abonada',
  awaitingReview:
    'La línea está observada (datos bancarios distintos a los verificados o colaborador SIN CONTRATO): confírmela antes de pagarla',
} as const

const AMOUNT = /^\d{1,14}(\.\d{1,2})?$/

/** Cents of a money text, exactly (no floating point): null when it is not positive with ≤ 2 decimals. */
export function amountCents(amount: string): bigint | null {
  const text = amount.trim()
  if (!AMOUNT.test(text)) return null
  const [units, decimals = ''] = text.split('.')
  const cents = BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0'))
  return cents > 0n ? cents : null
}

/** 9(14).99 style: zero-padded integer part, a dot, two decimals. */
export function formatAmount(cents: bigint, integerDigits: number, withDot = true): string {
  const { negative, units: digits, decimals } = centsParts(cents)
  const units = `${negative ? '-' : ''}${digits.padStart(integerDigits, '0')}`
  return withDot ? `${units}.${decimals}` : `${units}${decimals}`
}

/**
 * Letters that have no accent to strip and that bank files cannot hold, spelled the way they are
 * commonly transliterated into A–Z (ß → SS, Æ → AE, Ø → O, Ł → L…). Upper case only: names are
 * upper-cased first ('ß' upper-cases to 'SS' by itself).
 */
const SPELLED: Record<string, string> = {
  Æ: 'AE',
  Ø: 'O',
  Ð: 'D',
  Þ: 'TH',
  Œ: 'OE',
  Ł: 'L',
  Đ: 'D',
  Ħ: 'H',
  Ŀ: 'L',
  Ŋ: 'N',
  Ŧ: 'T',
  ẞ: 'SS',
}

/**
 * What a bank name writes for one upper-case character: itself (A–Z, digits, Ñ, a few signs), the
 * letter without its accents (Á → A, Ś → S, Č → C), its spelling (Ł → L), '' for anything else.
 * Ñ is kept: the BCP layout's implementations write it and Windows-1252 has it (docs/bank-files.md).
 */
function nameChar(char: string): string {
  if (/[A-Z0-9Ñ&.,'/-]/.test(char)) return char
  const spelled = SPELLED[char]
  if (spelled) return spelled
  const plain = char.normalize('NFD').replace(/\p{M}/gu, '')
  return /^[A-Z]+$/.test(plain) ? plain : ''
}

/** For each Latin-1 code: what a bank name keeps; other codes are worked out once and remembered. */
const NAME_CHAR: string[] = Array.from({ length: 256 }, (_, code) => nameChar(String.fromCharCode(code)))
const OTHER_NAME_CHARS = new Map<string, string>()

const nameCharOf = (char: string, code: number) => {
  if (code < 256) return NAME_CHAR[code]
  let kept = OTHER_NAME_CHARS.get(char)
  if (kept === undefined) {
    kept = nameChar(char)
    OTHER_NAME_CHARS.set(char, kept)
  }
  return kept
}

/**
 * A name as bank files take it: upper case, accents removed and other Latin letters transliterated
 * (Ł → L, Ø → O, ß → SS, Æ → AE; Ñ kept), any other character outside letters, digits and a few
 * signs replaced by a space, spaces collapsed. A letter with no equivalent (Cyrillic, Han…) is never
 * dropped silently: `unwritableLetters` finds it and the line is refused. A lookup table, not
 * Unicode normalization per name: 100,000 names must take milliseconds.
 */
export function bankName(name: string): string {
  const upper = name.toUpperCase()
  let out = ''
  let space = false
  for (const char of upper) {
    const kept = nameCharOf(char, char.charCodeAt(0))
    if (!kept) {
      space = out.length > 0
      continue
    }
    if (space) out += ' '
    out += kept
    space = false
  }
  return out
}

const isUnwritable = (char: string) => /\p{L}/u.test(char) && !nameCharOf(char, char.charCodeAt(0))
/** For each Latin-1 code: a letter `bankName` cannot write; other codes are worked out once and remembered. */
const UNWRITABLE: boolean[] = Array.from({ length: 256 }, (_, code) =>
  isUnwritable(String.fromCharCode(code)),
)
const OTHER_UNWRITABLE = new Map<string, boolean>()
const NOT_ASCII = /[\u0080-\uffff]/

/**
 * The letters of a name that `bankName` cannot write (it would drop them), each once. Every ASCII
 * letter is written, so most names are answered by one test; the others by a table per character.
 */
export function unwritableLetters(name: string): string[] {
  if (!NOT_ASCII.test(name)) return []
  const found = new Set<string>()
  for (const char of name.toUpperCase()) {
    const code = char.charCodeAt(0)
    let unwritable = code < 256 ? UNWRITABLE[code] : OTHER_UNWRITABLE.get(char)
    if (unwritable === undefined) {
      unwritable = isUnwritable(char)
      OTHER_UNWRITABLE.set(char, unwritable)
    }
    if (unwritable) found.add(char)
  }
  return [...found]
}

/** Left-aligned text padded with spaces (never cut: callers check lengths first). */
export const padText = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width)

/**
 * A fixed-width record exactly `length` characters long, or an error: a bank rejects a whole file
 * for one line of the wrong length, so such a line is never written (`kind` names it in the error).
 */
export function fixedWidthRecord(kind: string, text: string, length: number): string {
  if (text.length !== length)
    throw new Error(`El registro ${kind} mide ${text.length} caracteres y debe medir ${length}`)
  return text
}

/** The checks every format shares: not paid, not awaiting review, a positive amount in cents. */
export function commonLineProblems(line: PaymentFileLine): string[] {
  const problems: string[] = []
  if (line.paid) problems.push(BANK_FILE_MESSAGES.alreadyPaid)
  if (line.awaitingReview) problems.push(BANK_FILE_MESSAGES.awaitingReview)
  if (amountCents(line.amount) === null) problems.push(BANK_FILE_MESSAGES.amount)
  return problems
}

/** The line's CCI when it is a valid CCI of the line's bank, else the problem. */
export function cciProblem(line: PaymentFileLine): string | null {
  const cci = line.bankInterAccount ?? ''
  if (!isValidCci(cci)) return BANK_FILE_MESSAGES.cciRequired
  if (cci.slice(0, 3) !== line.bankCode) return BANK_FILE_MESSAGES.cciBank
  return null
}

/**
 * The order's own problems every format checks the same way, in this order: the currency (soles
 * only, unless `currencies` says otherwise), the debit account (of `debit.bankCode`, in its bank's format) when the format has one, and
 * the reference's length as `bankName` writes it.
 */
export function headerProblems(
  header: PaymentFileHeader,
  rules: {
    referenceMax: number
    debit?: { bankCode: string; bankName: string; accountProblem: (account: string) => string | null }
    /** The currencies the file may be written in: soles only unless the format has its own dollar form. */
    currencies?: readonly string[]
  },
): PaymentFileProblem[] {
  const problems: string[] = []
  if (!(rules.currencies ?? ['PEN']).includes(header.currency)) problems.push(BANK_FILE_MESSAGES.currency)
  if (rules.debit) {
    const { bankCode, bankName: bank, accountProblem } = rules.debit
    if (header.debitBankCode !== bankCode) problems.push(BANK_FILE_MESSAGES.debitAccount(bank))
    else {
      const problem = accountProblem(header.debitAccount)
      if (problem) problems.push(problem)
    }
  }
  if (bankName(header.reference).length > rules.referenceMax)
    problems.push(BANK_FILE_MESSAGES.reference(rules.referenceMax))
  return problems.map((message) => ({ rowNumber: null, message }))
}

/**
 * A line's name as a format writes it, its problem added to `problems`: a letter with no
 * equivalent, an empty name, or (with `max`) one longer than the field. With `cut` the name is cut
 * to the field instead, as a bank's own macro does, and never refused for its length.
 */
export function lineName(
  fullName: string,
  problems: string[],
  field: { max: number } | { cut: number },
): string {
  const written = bankName(fullName)
  const name = 'cut' in field ? written.slice(0, field.cut).trimEnd() : written
  const unwritable = unwritableLetters(fullName)
  if (unwritable.length) problems.push(BANK_FILE_MESSAGES.nameUnwritable(unwritable))
  else if (!name) problems.push(BANK_FILE_MESSAGES.nameEmpty)
  else if ('max' in field && name.length > field.max)
    problems.push(BANK_FILE_MESSAGES.nameLength(field.max, name.length))
  return name
}

/** A line's amount in céntimos (null when invalid: `commonLineProblems` lists that), refused at `limitCents` or above. */
export function lineAmount(line: PaymentFileLine, limitCents: bigint, problems: string[]): bigint | null {
  const cents = amountCents(line.amount)
  if (cents !== null && cents >= limitCents) problems.push(BANK_FILE_MESSAGES.amountTooLarge)
  return cents
}

export type BankFile = {
  /** The file's records without line ends; `encode` writes them. */
  records: string[]
  count: number
  totalCents: bigint
  checksum: string
}

export type BankFileResult = { ok: true; file: BankFile } | { ok: false; problems: PaymentFileProblem[] }

/** A fixed-width format as its parts: the checks, the totals, and the records of one file. */
export type FixedWidthFormat<C extends TotalsPart, X> = {
  checkHeader(header: PaymentFileHeader): PaymentFileProblem[]
  checkLine(line: PaymentFileLine): LineCheck<C>
  totalsStart(header: PaymentFileHeader): FileTotals
  checkTotals(totals: FileTotals): PaymentFileProblem[]
  /** What every record of one file repeats, worked out once. */
  context(header: PaymentFileHeader): X
  headerRecord(header: PaymentFileHeader, context: X, totals: FileTotals): string
  detailRecord(line: PaymentFileLine, checked: C, context: X): string
  /** The checksum as the header writes it ('' for a format without one). */
  checksumText(totals: FileTotals): string
}

/**
 * A fixed-width file whole in memory (tests and small files; the API streams it with the format's
 * parts). Checks the header and every line before writing anything: any problem refuses the whole
 * file and every problem is listed with its line; then the details, the totals' own check, and the
 * header, first, once the totals are known.
 */
export function buildFixedWidthFile<C extends TotalsPart, X>(
  format: FixedWidthFormat<C, X>,
  header: PaymentFileHeader,
  lines: readonly PaymentFileLine[],
): BankFileResult {
  const problems = format.checkHeader(header)
  if (lines.length === 0) problems.push({ rowNumber: null, message: BANK_FILE_MESSAGES.noLines })
  const checked: C[] = []
  for (const line of lines) {
    const result = format.checkLine(line)
    for (const message of result.problems) problems.push({ rowNumber: line.rowNumber, message })
    if (result.checked) checked.push(result.checked)
  }
  if (problems.length) return { ok: false, problems }

  const context = format.context(header)
  let totals = format.totalsStart(header)
  const records: string[] = [''] // the header goes first once totals are known
  for (const [i, line] of lines.entries()) {
    totals = addToTotals(totals, checked[i])
    records.push(format.detailRecord(line, checked[i], context))
  }
  const totalsProblems = format.checkTotals(totals)
  if (totalsProblems.length) return { ok: false, problems: totalsProblems }
  records[0] = format.headerRecord(header, context, totals)
  return {
    ok: true,
    file: {
      records,
      count: totals.count,
      totalCents: totals.totalCents,
      checksum: format.checksumText(totals),
    },
  }
}

const OUTSIDE_WINDOWS_1252_SAFE = /[^\r\n -~\u00a0-\u00ff]/

/**
 * Windows-1252 bytes of a text the formats produced. Latin-1 (U+0000–U+00FF) maps byte for byte
 * except 0x80–0x9F, which Windows-1252 uses for other signs; formats only write letters, digits,
 * spaces and the signs bankName() keeps, so anything else is a bug and throws. Node's latin1
 * encoder does the copying (bank files are written by the API, never in the browser).
 */
export function encodeWindows1252(text: string): Uint8Array {
  const bad = OUTSIDE_WINDOWS_1252_SAFE.exec(text)
  if (bad)
    throw new Error(
      `Carácter sin equivalente en Windows-1252: U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
  return Buffer.from(text, 'latin1')
}
