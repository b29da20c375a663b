import { IDENTIFIER_TYPE } from '../../common/identifiers'
import {
  BANK_FILE_MESSAGES,
  type BankFileResult,
  bankName,
  buildFixedWidthFile,
  cciProblem,
  commonLineProblems,
  type FileTotals,
  type FixedWidthFormat,
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
 * BCP Telecrédito 'Planilla de Haberes', fixed-width text (Windows-1252, CRLF). Layout as
 * published by BCP and as three independent implementations write it (docs/decisions/bcp-telecredito.md):
 *
 * Header, type '1', 113 characters:
 *   1 '1' · 2–7 count 9(6) · 8–15 date AAAAMMDD · 16 payroll subtype · 17 debit account type C/M ·
 *   18–21 currency 0001 soles / 1001 dollars · 22–41 debit account X(20) · 42–58 total 9(14).99 ·
 *   59–98 reference X(40) · 99–113 checksum 9(15)
 * Detail, type '2', 195 characters:
 *   1 '2' · 2 account type A savings / C current / M maestra / B another bank's account by CCI ·
 *   3–22 account X(20) · 23 document type 1 DNI / 3 CE / 4 pasaporte · 24–35 document X(12) ·
 *   36–38 minor's correlative (blank for adults) · 39–113 name X(75) · 114–153 beneficiary
 *   reference X(40) · 154–173 company reference X(20) · 174–177 currency · 178–194 amount 9(14).99 ·
 *   195 validate ID against the account: S/N
 * Checksum: the debit account without its first 3 digits, plus each BCP account without its first
 * 3 digits, or each CCI without its first 10; a sum longer than 15 digits refuses the file.
 */
export const BCP = {
  bankCode: '002',
  bankName: 'BCP',
  headerLength: 113,
  detailLength: 195,
  nameMax: 75,
  documentMax: 12,
  referenceMax: 40,
  /** 'X' quinta categoría (haberes); other subtypes (G gratificación, V vacaciones…) per decisions. */
  subtype: 'X',
  currencyCode: { PEN: '0001', USD: '1001' } as Record<string, string>,
  documentCode: {
    [IDENTIFIER_TYPE.DNI]: '1',
    [IDENTIFIER_TYPE.CE]: '3',
    [IDENTIFIER_TYPE.PASAPORTE]: '4',
  } as Record<number, string>,
  /** 9(14).99: the largest amount a detail holds is one céntimo less than this. */
  amountLimitCents: 10n ** 16n,
  /** BCP account lengths: current accounts have 13 digits, savings accounts 14. */
  accountTypeByLength: { 13: 'C', 14: 'A' } as Record<number, string>,
} as const

export type BcpOptions = {
  /** Company reference on each detail (X(20)); defaults to the header reference. */
  companyReference?: string
  /** Detail flag 'S': the bank checks the document against the account holder. */
  validateIdentity?: boolean
}

/** What the detail record of a line that passed the checks is written from. */
export type BcpCheckedLine = TotalsPart & { accountType: string; account: string; name: string }

const digitsAfter = (value: string, skip: number) => BigInt(value.slice(skip) || '0')

/** Every problem of one line, or what its detail record is written from. */
export function checkBcpLine(line: PaymentFileLine): LineCheck<BcpCheckedLine> {
  const problems = commonLineProblems(line)
  if (!BCP.documentCode[line.identifierType]) problems.push(BANK_FILE_MESSAGES.documentType(BCP.bankName))
  if (line.identifier.length > BCP.documentMax)
    problems.push(BANK_FILE_MESSAGES.documentLength(BCP.documentMax))
  const name = lineName(line.fullName, problems, { max: BCP.nameMax })
  let accountType = ''
  let account = ''
  let checksumPart = 0n
  if (line.bankCode === BCP.bankCode) {
    account = line.bankAccount.replace(/\D/g, '')
    accountType = BCP.accountTypeByLength[account.length] ?? ''
    if (!accountType || account !== line.bankAccount.trim())
      problems.push(BANK_FILE_MESSAGES.sameBankAccount(BCP.bankName))
    else checksumPart = digitsAfter(account, 3)
  } else {
    const cci = cciProblem(line)
    if (cci) problems.push(cci)
    else {
      accountType = 'B'
      account = line.bankInterAccount as string
      checksumPart = digitsAfter(account, 10)
    }
  }
  const cents = lineAmount(line, BCP.amountLimitCents, problems)
  if (problems.length) return { problems }
  return { problems, checked: { accountType, account, name, cents: cents as bigint, checksumPart } }
}

/** The order's own problems (currency, debit account, reference), before any line. */
export function checkBcpHeader(header: PaymentFileHeader): PaymentFileProblem[] {
  return headerProblems(header, {
    referenceMax: BCP.referenceMax,
    debit: {
      bankCode: BCP.bankCode,
      bankName: BCP.bankName,
      accountProblem: (account) =>
        /^\d{13,14}$/.test(account) ? null : BANK_FILE_MESSAGES.debitAccountFormat(BCP.bankName),
    },
  })
}

/** Totals before any line: the checksum starts with the debit account less its first 3 digits. */
export const bcpTotalsStart = (header: PaymentFileHeader): FileTotals => ({
  count: 0,
  totalCents: 0n,
  checksum: digitsAfter(header.debitAccount, 3),
})

/** The header's checksum field, 9(15). */
export const BCP_CHECKSUM_DIGITS = 15

/**
 * A checksum that does not fit its 15 digits refuses the file: the layout's sources do not say what
 * the bank expects then (cut, split the file…), and a cut sum would not be the sum (docs/bank-files.md).
 */
export function checkBcpTotals(totals: FileTotals): PaymentFileProblem[] {
  const digits = totals.checksum.toString().length
  return digits > BCP_CHECKSUM_DIGITS
    ? [{ rowNumber: null, message: BANK_FILE_MESSAGES.checksumTooLong(digits, BCP_CHECKSUM_DIGITS) }]
    : []
}

/** The checksum as the header writes it, zero-padded to 15 digits (`checkBcpTotals` passed). */
export const bcpChecksumText = (totals: FileTotals) =>
  totals.checksum.toString().padStart(BCP_CHECKSUM_DIGITS, '0')

/** What every detail record of one file repeats, worked out once. */
export type BcpFileContext = { currency: string; reference: string; companyReference: string; flag: string }

export function bcpFileContext(header: PaymentFileHeader, options: BcpOptions = {}): BcpFileContext {
  return {
    currency: BCP.currencyCode[header.currency],
    reference: bankName(header.reference),
    companyReference: bankName(options.companyReference ?? header.reference).slice(0, 20),
    flag: options.validateIdentity === false ? 'N' : 'S',
  }
}

/** The header record (type '1'), from the totals of every line of the file. */
export function bcpHeaderRecord(
  header: PaymentFileHeader,
  context: BcpFileContext,
  totals: FileTotals,
): string {
  return (
    `1${String(totals.count).padStart(6, '0')}${header.paymentDate.replaceAll('-', '')}${BCP.subtype}` +
    `${header.debitAccountType ?? 'C'}${context.currency}${padText(header.debitAccount, 20)}` +
    `${formatAmount(totals.totalCents, 14)}${padText(context.reference, 40)}${bcpChecksumText(totals)}`
  )
}

/** The detail record (type '2') of a line that passed `checkBcpLine`. */
export function bcpDetailRecord(line: PaymentFileLine, c: BcpCheckedLine, context: BcpFileContext): string {
  return (
    `2${c.accountType}${padText(c.account, 20)}${BCP.documentCode[line.identifierType]}${padText(line.identifier, 12)}   ` +
    `${padText(c.name, 75)}${padText(context.reference, 40)}${padText(context.companyReference, 20)}${context.currency}` +
    `${formatAmount(c.cents, 14)}${context.flag}`
  )
}

/** BCP Telecrédito as its parts, for `buildFixedWidthFile`. */
export const bcpFormat = (options: BcpOptions = {}): FixedWidthFormat<BcpCheckedLine, BcpFileContext> => ({
  checkHeader: checkBcpHeader,
  checkLine: checkBcpLine,
  totalsStart: bcpTotalsStart,
  checkTotals: checkBcpTotals,
  context: (header) => bcpFileContext(header, options),
  headerRecord: bcpHeaderRecord,
  detailRecord: bcpDetailRecord,
  checksumText: bcpChecksumText,
})

/**
 * The whole file in memory (tests and small files; the API streams it with the functions above).
 * Checks every line and the header before writing anything; any problem refuses the whole file
 * and every problem is listed with its line.
 */
export function buildBcpFile(
  header: PaymentFileHeader,
  lines: readonly PaymentFileLine[],
  options: BcpOptions = {},
): BankFileResult {
  return buildFixedWidthFile(bcpFormat(options), header, lines)
}
