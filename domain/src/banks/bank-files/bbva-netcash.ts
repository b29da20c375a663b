import { IDENTIFIER_TYPE } from '../../common/identifiers'
import {
  type BankFileResult,
  bankName,
  buildFixedWidthFile,
  cciProblem,
  commonLineProblems,
  encodeWindows1252,
  type FileTotals,
  type FixedWidthFormat,
  fixedWidthRecord,
  formatAmount,
  headerProblems,
  type LineCheck,
  lineAmount,
  lineName,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  padText,
  type TotalsPart,
} from './common'

/**
 * BBVA Perú Net Cash, 'haberes' (quinta categoría), fixed-width text in Windows-1252. Two public
 * implementations agree on every position (docs/bank-files.md): Agento's exporter, which says it
 * was compared byte by byte with a file from BBVA's official macro, and the Odoo port
 * `bbva_haberes_txt`. No trailer.
 *
 * Header, type '700', 151 characters:
 *   1–3 '700' · 4–23 charge account X(20) (office 4 + check digits 2 + account; an 18-digit account
 *   gets '00' after its 8th digit: 'si no conoce el DC, ingrese 00') · 24–26 currency 'PEN' ·
 *   27–41 total 9(13)99 without a point · 42 process type 'A' (immediate) · 43–50 date, blank with
 *   'A' · 51 hour, blank with 'A' · 52–76 reference X(25) · 77–82 record count 9(6) ·
 *   83 'validación de pertenencia' S/N · 84–98 control value, zeros · 99–101 process indicator,
 *   zeros · 102–131 description, blank · 132–151 filler
 * Detail, type '002', 233 characters:
 *   1–3 '002' · 4 document type L DNI / R RUC · 5–16 document X(12) · 17 P own BBVA account /
 *   I interbank by CCI · 18–37 account or CCI X(20) (same '00' rule) · 38–77 name X(40), upper
 *   case · 78–92 amount 9(13)99 · 93–132 reference X(40) · 133 notice indicator, blank ·
 *   134–183 notice medium, blank · 184–233 filler
 *
 * Not confirmed: the line ends. Agento writes LF between records and none after the last (its
 * reading of the macro's VBA); the Odoo port writes CRLF. `lineEnding` chooses ('LF' by default).
 * Document types other than DNI and RUC (E, P, M) are 'pendiente de homologación' in the source:
 * refused. A name longer than 40 characters is cut, as the macro cuts it.
 */
export const BBVA = {
  bankCode: '011',
  bankName: 'BBVA',
  headerLength: 151,
  detailLength: 233,
  nameWidth: 40,
  referenceMax: 25,
  /** 'Tipo de proceso' A: immediate, no date or hour. */
  processType: 'A',
  documentCode: { [IDENTIFIER_TYPE.DNI]: 'L', [IDENTIFIER_TYPE.RUC]: 'R' } as Record<number, string>,
  documentLength: { [IDENTIFIER_TYPE.DNI]: 8, [IDENTIFIER_TYPE.RUC]: 11 } as Record<number, number>,
  /** 9(13)99: the largest amount or total a field holds is one céntimo less than this. */
  amountLimitCents: 10n ** 15n,
} as const

export type BbvaLineEnding = 'LF' | 'CRLF'

export const BBVA_MESSAGES = {
  documentType:
    'El BBVA solo acepta por ahora DNI o RUC en este archivo (los demás documentos están pendientes de homologación con el banco)',
  documentNumber: 'El número de documento no tiene el formato del tipo (DNI de 8 dígitos, RUC de 11)',
  account: 'La cuenta del BBVA debe tener 18 dígitos (o 20 con sus dígitos de control)',
  debitAccountFormat: 'La cuenta de cargo del BBVA debe tener 18 dígitos (o 20 con sus dígitos de control)',
  totalTooLarge: 'El total de la planilla excede el máximo que admite el archivo del banco',
} as const

export type BbvaOptions = {
  /** Header flag 'S' (default): BBVA checks each document against the account holder. */
  validateOwnership?: boolean
  /** Not confirmed: 'LF' as Agento writes it (default), or 'CRLF' as the Odoo port does. */
  lineEnding?: BbvaLineEnding
}

/**
 * A BBVA account as the file writes it, 20 digits: an 18-digit account gets '00' (unknown check
 * digits) after its 8th digit, as BBVA's macro does; a 20-digit one is written as it is.
 */
export function bbvaAccount20(account: string): string {
  return account.length === 18 ? `${account.slice(0, 8)}00${account.slice(8)}` : account
}

const isBbvaAccount = (account: string) => /^\d{18}(\d{2})?$/.test(account)

/** What the detail record of a line that passed the checks is written from. */
export type BbvaCheckedLine = TotalsPart & {
  documentCode: string
  payment: 'P' | 'I'
  account: string
  name: string
}

/** Every problem of one line, or what its detail record is written from. */
export function checkBbvaLine(line: PaymentFileLine): LineCheck<BbvaCheckedLine> {
  const problems = commonLineProblems(line)
  const documentCode = BBVA.documentCode[line.identifierType]
  if (!documentCode) problems.push(BBVA_MESSAGES.documentType)
  else if (!new RegExp(`^\\d{${BBVA.documentLength[line.identifierType]}}$`).test(line.identifier))
    problems.push(BBVA_MESSAGES.documentNumber)
  const name = lineName(line.fullName, problems, { cut: BBVA.nameWidth })
  let payment: 'P' | 'I' = 'P'
  let account = ''
  if (line.bankCode === BBVA.bankCode) {
    account = line.bankAccount.trim()
    if (!isBbvaAccount(account)) problems.push(BBVA_MESSAGES.account)
    else account = bbvaAccount20(account)
  } else {
    payment = 'I'
    const cci = cciProblem(line)
    if (cci) problems.push(cci)
    else account = line.bankInterAccount as string
  }
  const cents = lineAmount(line, BBVA.amountLimitCents, problems)
  if (problems.length) return { problems }
  return {
    problems,
    checked: { documentCode, payment, account, name, cents: cents as bigint, checksumPart: 0n },
  }
}

/** The order's own problems (currency, debit account, reference), before any line. */
export function checkBbvaHeader(header: PaymentFileHeader): PaymentFileProblem[] {
  return headerProblems(header, {
    referenceMax: BBVA.referenceMax,
    debit: {
      bankCode: BBVA.bankCode,
      bankName: BBVA.bankName,
      accountProblem: (account) => (isBbvaAccount(account) ? null : BBVA_MESSAGES.debitAccountFormat),
    },
  })
}

export const bbvaTotalsStart = (): FileTotals => ({ count: 0, totalCents: 0n, checksum: 0n })

/** A total past the header's 15 digits (13 + 2) refuses the file; the count has 6 digits. */
export function checkBbvaTotals(totals: FileTotals): PaymentFileProblem[] {
  return totals.totalCents >= BBVA.amountLimitCents || totals.count > 999_999
    ? [{ rowNumber: null, message: BBVA_MESSAGES.totalTooLarge }]
    : []
}

/** What every record of one file repeats, worked out once. */
export type BbvaFileContext = { reference: string; ownership: 'S' | 'N'; lineEnd: string }

export function bbvaFileContext(header: PaymentFileHeader, options: BbvaOptions = {}): BbvaFileContext {
  return {
    reference: bankName(header.reference),
    ownership: options.validateOwnership === false ? 'N' : 'S',
    lineEnd: options.lineEnding === 'CRLF' ? '\r\n' : '\n',
  }
}

/** The header record ('700'), from the totals of every line of the file. */
export function bbvaHeaderRecord(
  header: PaymentFileHeader,
  context: BbvaFileContext,
  totals: FileTotals,
): string {
  return fixedWidthRecord(
    'de cabecera del archivo del BBVA',
    '700' +
      bbvaAccount20(header.debitAccount) +
      header.currency +
      formatAmount(totals.totalCents, 13, false) +
      BBVA.processType +
      ' '.repeat(8 + 1) +
      padText(context.reference, 25) +
      String(totals.count).padStart(6, '0') +
      context.ownership +
      '0'.repeat(15 + 3) +
      ' '.repeat(30 + 20),
    BBVA.headerLength,
  )
}

/** The detail record ('002') of a line that passed `checkBbvaLine`. */
export function bbvaDetailRecord(
  line: PaymentFileLine,
  c: BbvaCheckedLine,
  context: BbvaFileContext,
): string {
  return fixedWidthRecord(
    'de detalle del archivo del BBVA',
    '002' +
      c.documentCode +
      padText(line.identifier, 12) +
      c.payment +
      padText(c.account, 20) +
      padText(c.name, BBVA.nameWidth) +
      formatAmount(c.cents, 13, false) +
      padText(context.reference, 40) +
      ' '.repeat(1 + 50 + 50),
    BBVA.detailLength,
  )
}

/**
 * The file's bytes: records joined by the chosen line end. With LF nothing follows the last record
 * (as Agento reads the macro); with CRLF every record ends with one (as the Odoo port writes it).
 */
export function encodeBbvaRecords(records: readonly string[], lineEnding: BbvaLineEnding = 'LF'): Uint8Array {
  return encodeWindows1252(lineEnding === 'CRLF' ? `${records.join('\r\n')}\r\n` : records.join('\n'))
}

/** BBVA Net Cash as its parts, for `buildFixedWidthFile`; no checksum. */
export const bbvaFormat = (
  options: BbvaOptions = {},
): FixedWidthFormat<BbvaCheckedLine, BbvaFileContext> => ({
  checkHeader: checkBbvaHeader,
  checkLine: checkBbvaLine,
  totalsStart: bbvaTotalsStart,
  checkTotals: checkBbvaTotals,
  context: (header) => bbvaFileContext(header, options),
  headerRecord: bbvaHeaderRecord,
  detailRecord: bbvaDetailRecord,
  checksumText: () => '',
})

/**
 * The whole file in memory (tests and small files; the API streams it with the functions above).
 * Checks every line and the header before writing anything; any problem refuses the whole file.
 */
export function buildBbvaFile(
  header: PaymentFileHeader,
  lines: readonly PaymentFileLine[],
  options: BbvaOptions = {},
): BankFileResult {
  return buildFixedWidthFile(bbvaFormat(options), header, lines)
}
