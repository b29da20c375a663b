import { isValidRuc } from '../../common/ruc'
import {
  bankName,
  encodeWindows1252,
  fixedWidthRecord,
  type PaymentFileProblem,
  padText,
  unwritableLetters,
} from './common'

/**
 * Banco de la Nación mass deposit of detracciones (SPOT), buyer mode: one file per lote, a header
 * of 68 characters and one detail of 107 per voucher, CRLF line ends, Latin-1 bytes. The file is
 * named `D` + the payer's RUC (11) + the lote (6) + `.txt`, e.g. `D20512528458260001.txt`.
 * Three independent public implementations agree on every position (docs/bank-files.md): the
 * Odoo module `al_l10n_pe_detraction` (services/bn_txt.py, after BN's guide of February 2021,
 * §5.1–5.9), stand-alone Python generators that read XML invoices, and an analysis quoting BN's
 * macro R13.2 (`Macro detracciones.xlsm`). The bank rejects the whole file when a single line has
 * the wrong length, so every record is measured as it is written and the produced file can be
 * re-read with `checkBnDetraccionesFile` before it is downloaded.
 *
 * Header, 68 characters:
 *   1 '*' buyer depositing for its suppliers · 2–12 payer RUC · 13–47 payer name X(35) ·
 *   48–53 lote AANNNN · 54–68 total 9(13)99 without a point, zero-padded
 * Detail, 107 characters:
 *   1 document type '6' RUC · 2–12 supplier RUC · 13–47 name, blank for a RUC (the bank takes it
 *   from the RUC) · 48–56 proforma number · 57–59 good or service (catalogue 54) · 60–70 the
 *   supplier's BN detraction account · 71–85 amount 9(13)99 · 86–87 operation type '01' ·
 *   88–93 tax period AAAAMM · 94–95 voucher type · 96–99 series · 100–107 number, zero-padded
 *
 * Not confirmed (docs/bank-files.md): the proforma field, written as nine zeros by the stand-alone
 * generators and as nine spaces by the Odoo module (`proforma` option, zeros by default); operation
 * types other than '01'; the name of the header cut to 35 characters (both implementations cut it).
 */
export const BN_DETRACCIONES = {
  headerLength: 68,
  detailLength: 107,
  /** Master indicator: the buyer deposits the detracciones of its suppliers. */
  buyerMode: '*',
  /** Identity document type of the detail (table 5.8 of BN's guide): 6 = RUC. */
  documentTypeRuc: '6',
  /** Operation type every implementation writes: 01 (sale of goods or services). */
  operationType: '01',
  nameWidth: 35,
  /** 13 integer digits and 2 decimals: the largest amount a field holds, in céntimos. */
  maxAmountCents: 999_999_999_999_999,
  /**
   * Voucher type as the file writes it (table 5.6 of BN's guide): factura 01 and boleta 03 as they
   * are; a debit note (08) is written as 01, as the Odoo module maps it. A credit note (07) reduces
   * a deposit and is never deposited itself.
   */
  voucherTypeCode: { '01': '01', '03': '03', '08': '01' } as Record<string, string>,
} as const

export const BN_MESSAGES = {
  payerRuc: 'El RUC de la empresa que deposita no es válido',
  payerName:
    'La razón social de la empresa que deposita queda vacía al quitarle los caracteres que el banco no acepta',
  payerNameUnwritable: (letters: string[]) =>
    `La razón social contiene ${letters.map((l) => `'${l}'`).join(', ')}, sin equivalente en el alfabeto del archivo del banco`,
  lote: 'El lote debe tener 6 dígitos: los 2 últimos del año y un correlativo de 4 (AANNNN)',
  noLines: 'El lote no tiene detracciones que depositar',
  supplierRuc: 'El RUC del proveedor no es válido',
  account: 'La cuenta de detracciones del Banco de la Nación debe tener 11 dígitos',
  code: 'El código de bien o servicio (catálogo 54) debe tener 3 dígitos',
  amount: 'El monto de la detracción debe ser un número entero de céntimos mayor que cero',
  amountTooLarge: 'El monto excede el máximo que admite el archivo del banco (13 enteros y 2 decimales)',
  totalTooLarge: 'La suma de las detracciones excede el máximo que admite la cabecera del archivo',
  period: 'El periodo tributario debe ser un mes válido (AAAAMM)',
  creditNote: 'Una nota de crédito no se deposita: la detracción se deposita por la factura que corrige',
  voucherType:
    'El tipo de comprobante no admite depósito de detracción (solo factura, boleta o nota de débito)',
  series: 'La serie del comprobante debe tener 4 caracteres, letras y números',
  number: 'El número del comprobante debe tener entre 1 y 8 dígitos',
} as const

export type BnDetraccionLine = {
  /** The line's number in the caller's list (a voucher's row), for its problems; 1-based position if absent. */
  rowNumber?: number
  supplierRuc: string
  /** Catalogue-54 code, three digits ('037'). */
  code: string
  /** The supplier's detraction account at the Banco de la Nación, 11 digits. */
  account: string
  /** The deposit in céntimos (an integer > 0). Detracciones are whole soles in practice; any céntimos are written. */
  amountCents: number
  /** Tax period, 'AAAAMM' or 'AAAA-MM'. */
  period: string
  /** SUNAT voucher type: '01' factura, '03' boleta, '08' nota de débito (written as 01); '07' is refused. */
  voucherType: string
  /** Four letters and digits ('F001'). */
  series: string
  /** Up to 8 digits. */
  number: string | number
}

export type BnDetraccionesInput = {
  payer: { ruc: string; name: string }
  /** 'AANNNN': see `bnLote`. */
  lote: string
  lines: readonly BnDetraccionLine[]
  /** Field 48–56: nine zeros (default) or nine spaces; the sources differ (not confirmed). */
  proforma?: 'zeros' | 'blank'
}

export type BnDetraccionesFile = {
  /** `D` + RUC + lote + `.txt`. */
  fileName: string
  /** Latin-1 bytes, every record followed by CRLF. */
  bytes: Uint8Array
  /** The header's total: the sum of the details, in céntimos. */
  totalCents: number
  /** Detail records (one per voucher), the header not counted. */
  lineCount: number
  /** The records without line ends (the header first). */
  records: string[]
}

export type BnDetraccionesResult =
  | ({ ok: true } & BnDetraccionesFile)
  | { ok: false; problems: PaymentFileProblem[] }

/** The lote of a company's `sequence`-th file of `year`: 2026 and 1 give '260001'. */
export function bnLote(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 2099) throw new Error(`Año de lote inválido: ${year}`)
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 9999)
    throw new Error(`Correlativo de lote inválido: ${sequence}`)
  return `${String(year % 100).padStart(2, '0')}${String(sequence).padStart(4, '0')}`
}

/** The file name the bank expects: `D` + RUC (11) + lote (6) + `.txt`. */
export const bnFileName = (ruc: string, lote: string) => `D${ruc}${lote}.txt`

/** 9(13)99 without a point: céntimos zero-padded to 15 digits. */
const amount15 = (cents: number) => String(cents).padStart(15, '0')

const PERIOD = /^(\d{4})-?(0[1-9]|1[0-2])$/

type CheckedBnLine = { voucherType: string; period: string; number: string }

function checkLine(line: BnDetraccionLine): { problems: string[]; checked?: CheckedBnLine } {
  const problems: string[] = []
  if (!isValidRuc(line.supplierRuc)) problems.push(BN_MESSAGES.supplierRuc)
  if (!/^\d{3}$/.test(line.code)) problems.push(BN_MESSAGES.code)
  if (!/^\d{11}$/.test(line.account)) problems.push(BN_MESSAGES.account)
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents <= 0) problems.push(BN_MESSAGES.amount)
  else if (line.amountCents > BN_DETRACCIONES.maxAmountCents) problems.push(BN_MESSAGES.amountTooLarge)
  const period = PERIOD.exec(line.period)
  if (!period) problems.push(BN_MESSAGES.period)
  const voucherType = BN_DETRACCIONES.voucherTypeCode[line.voucherType]
  if (line.voucherType === '07') problems.push(BN_MESSAGES.creditNote)
  else if (!voucherType) problems.push(BN_MESSAGES.voucherType)
  if (!/^[A-Z0-9]{4}$/.test(line.series)) problems.push(BN_MESSAGES.series)
  const number = String(line.number)
  if (!/^\d{1,8}$/.test(number)) problems.push(BN_MESSAGES.number)
  if (problems.length || !period) return { problems }
  return {
    problems,
    checked: { voucherType, period: `${period[1]}${period[2]}`, number: number.padStart(8, '0') },
  }
}

/**
 * Checks every line and the payer, then writes the whole file; any problem refuses it and every
 * problem is listed with its line (rowNumber, or the line's 1-based position). The header total is
 * the sum of the details as written; each record's length is checked as it is built.
 */
export function writeBnDetracciones(input: BnDetraccionesInput): BnDetraccionesResult {
  const problems: PaymentFileProblem[] = []
  const whole = (message: string) => problems.push({ rowNumber: null, message })
  if (!isValidRuc(input.payer.ruc)) whole(BN_MESSAGES.payerRuc)
  const unwritable = unwritableLetters(input.payer.name)
  const name = bankName(input.payer.name).slice(0, BN_DETRACCIONES.nameWidth).trimEnd()
  if (unwritable.length) whole(BN_MESSAGES.payerNameUnwritable(unwritable))
  else if (!name) whole(BN_MESSAGES.payerName)
  if (!/^\d{6}$/.test(input.lote)) whole(BN_MESSAGES.lote)
  if (input.lines.length === 0) whole(BN_MESSAGES.noLines)
  const checked: CheckedBnLine[] = []
  let totalCents = 0
  for (const [i, line] of input.lines.entries()) {
    const result = checkLine(line)
    for (const message of result.problems) problems.push({ rowNumber: line.rowNumber ?? i + 1, message })
    if (result.checked) {
      checked.push(result.checked)
      totalCents += line.amountCents
    }
  }
  if (!problems.length && totalCents > BN_DETRACCIONES.maxAmountCents) whole(BN_MESSAGES.totalTooLarge)
  if (problems.length) return { ok: false, problems }

  const proforma = input.proforma === 'blank' ? ' '.repeat(9) : '0'.repeat(9)
  const blankName = ' '.repeat(BN_DETRACCIONES.nameWidth)
  const details = input.lines.map((line, i) => {
    const c = checked[i]
    return fixedWidthRecord(
      'de detalle del archivo de detracciones',
      BN_DETRACCIONES.documentTypeRuc +
        line.supplierRuc +
        blankName +
        proforma +
        line.code +
        line.account +
        amount15(line.amountCents) +
        BN_DETRACCIONES.operationType +
        c.period +
        c.voucherType +
        line.series +
        c.number,
      BN_DETRACCIONES.detailLength,
    )
  })
  const header = fixedWidthRecord(
    'de cabecera del archivo de detracciones',
    BN_DETRACCIONES.buyerMode +
      input.payer.ruc +
      padText(name, BN_DETRACCIONES.nameWidth) +
      input.lote +
      amount15(totalCents),
    BN_DETRACCIONES.headerLength,
  )
  const records = [header, ...details]
  return {
    ok: true,
    fileName: bnFileName(input.payer.ruc, input.lote),
    bytes: encodeWindows1252(`${records.join('\r\n')}\r\n`),
    totalCents,
    lineCount: details.length,
    records,
  }
}

/** What the file re-read says about itself, when it is sound. */
export type BnFileSummary = { ruc: string; lote: string; totalCents: number; lineCount: number }

export const BN_FILE_MESSAGES = {
  empty: 'El archivo de detracciones está vacío',
  lineEnd: 'Las líneas del archivo deben terminar en CRLF (fin de línea de Windows)',
  headerLength: (length: number) => `La cabecera mide ${length} caracteres y debe medir 68`,
  headerMode: "La cabecera debe empezar por '*' (depósito del adquiriente)",
  headerFields: 'La cabecera tiene un RUC, un lote o un total que no son números',
  detailLength: (line: number, length: number) =>
    `La línea ${line} mide ${length} caracteres y debe medir 107`,
  detailFields: (line: number) =>
    `La línea ${line} tiene un campo numérico con caracteres que no son dígitos`,
  total: (header: number, sum: number) =>
    `El total de la cabecera (${header} céntimos) no es la suma de las detracciones (${sum} céntimos)`,
  count: (found: number, expected: number) =>
    `El archivo tiene ${found} detracciones y el lote tiene ${expected}`,
  fileName: (expected: string) => `El nombre del archivo no corresponde a su cabecera (${expected})`,
  encoding: 'El archivo contiene bytes que no son texto Latin-1 imprimible',
} as const

const DETAIL_NUMERIC = /^6\d{11}[ 0-9A-Z&.,'/-]{35}[ 0]{9}\d{3}\d{11}\d{15}\d{2}\d{6}\d{2}[A-Z0-9]{4}\d{8}$/

/**
 * Re-reads a produced file line by line, as the bank will: CRLF line ends, the header's length,
 * mode and numbers, every detail's length and numeric fields, the header total against the sum of
 * the details, and, when given, the expected count and the file name. Empty list: the file is sound.
 */
export function checkBnDetraccionesFile(
  bytes: Uint8Array,
  expected: { lineCount?: number; fileName?: string } = {},
): { problems: string[]; summary?: BnFileSummary } {
  const text = Buffer.from(bytes).toString('latin1')
  if (!text) return { problems: [BN_FILE_MESSAGES.empty] }
  if (/[^\r\n\x20-\x7e\xa0-\xff]/.test(text)) return { problems: [BN_FILE_MESSAGES.encoding] }
  if (!text.endsWith('\r\n') || /(^|[^\r])\n/.test(text) || /\r(?!\n)/.test(text))
    return { problems: [BN_FILE_MESSAGES.lineEnd] }
  const [header, ...details] = text.slice(0, -2).split('\r\n')
  const problems: string[] = []
  if (header.length !== BN_DETRACCIONES.headerLength)
    problems.push(BN_FILE_MESSAGES.headerLength(header.length))
  if (header[0] !== BN_DETRACCIONES.buyerMode) problems.push(BN_FILE_MESSAGES.headerMode)
  const ruc = header.slice(1, 12)
  const lote = header.slice(47, 53)
  const totalText = header.slice(53, 68)
  if (!/^\d{11}$/.test(ruc) || !/^\d{6}$/.test(lote) || !/^\d{15}$/.test(totalText))
    problems.push(BN_FILE_MESSAGES.headerFields)
  if (details.length === 0) problems.push(BN_MESSAGES.noLines)
  let sum = 0
  for (const [i, detail] of details.entries()) {
    const lineNumber = i + 2
    if (detail.length !== BN_DETRACCIONES.detailLength) {
      problems.push(BN_FILE_MESSAGES.detailLength(lineNumber, detail.length))
      continue
    }
    if (!DETAIL_NUMERIC.test(detail)) {
      problems.push(BN_FILE_MESSAGES.detailFields(lineNumber))
      continue
    }
    sum += Number(detail.slice(70, 85))
  }
  if (!problems.length && Number(totalText) !== sum)
    problems.push(BN_FILE_MESSAGES.total(Number(totalText), sum))
  if (expected.lineCount !== undefined && details.length !== expected.lineCount)
    problems.push(BN_FILE_MESSAGES.count(details.length, expected.lineCount))
  if (expected.fileName !== undefined && expected.fileName !== bnFileName(ruc, lote))
    problems.push(BN_FILE_MESSAGES.fileName(bnFileName(ruc, lote)))
  if (problems.length) return { problems }
  return { problems, summary: { ruc, lote, totalCents: sum, lineCount: details.length } }
}
