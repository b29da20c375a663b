import type { Writable } from 'node:stream'
import { XLSX_MIME } from '@planillas/domain'
import {
  type BbvaCheckedLine,
  type BbvaLineEnding,
  type BcpCheckedLine,
  bankName,
  bbvaDetailRecord,
  bbvaFileContext,
  bbvaHeaderRecord,
  bbvaTotalsStart,
  bcpChecksumText,
  bcpDetailRecord,
  bcpFileContext,
  bcpHeaderRecord,
  bcpTotalsStart,
  checkBbvaHeader,
  checkBbvaLine,
  checkBbvaTotals,
  checkBcpHeader,
  checkBcpLine,
  checkBcpTotals,
  checkGenericCciHeader,
  checkGenericCciLine,
  encodeWindows1252,
  type FileTotals,
  GENERIC_CCI,
  type GenericCciCheckedLine,
  genericCciRow,
  type LineCheck,
  type PaymentFileHeader,
  type PaymentFileLine,
  type PaymentFileProblem,
  type TotalsPart,
} from '@planillas/domain/bank-files'
import { type CellValue, writeXlsx } from '@planillas/formats/xlsx-writer'
import { push } from './streaming'

/** The bank formats a payment order can be written in, as the form offers them. */
export const PAYMENT_FORMATS = {
  BCP: {
    label: 'BCP Telecrédito · Planilla de Haberes (.txt)',
    extension: 'txt',
    contentType: 'text/plain; charset=windows-1252',
  },
  CCI: {
    label: 'Transferencias interbancarias por CCI (.xlsx)',
    extension: 'xlsx',
    contentType: XLSX_MIME,
  },
  BBVA: {
    label: 'BBVA Net Cash · Haberes (.txt)',
    extension: 'txt',
    contentType: 'text/plain; charset=windows-1252',
  },
} as const
export type PaymentFormat = keyof typeof PAYMENT_FORMATS

/** A format as the streamed generation drives it: checks, totals, and a writer fed checked lines. */
export type StreamedFormat<C extends TotalsPart> = {
  checkHeader(header: PaymentFileHeader): PaymentFileProblem[]
  checkLine(line: PaymentFileLine): LineCheck<C>
  totalsStart(header: PaymentFileHeader): FileTotals
  /** Problems of the whole file's totals (BCP: a checksum past its 15 digits). */
  checkTotals(totals: FileTotals): PaymentFileProblem[]
  /** The checksum the order records, or null when the format has none. */
  checksumText(totals: FileTotals): string | null
  /**
   * The file needs no totals before its lines (no header record with the count or the sum): the
   * engine checks and writes it in one pass over the lines, and its `write` gets no totals.
   */
  onePass?: boolean
  /** Writes the file to `out` (and ends it); `totals` are pass 1's, for a header that goes first. */
  write(out: Writable, totals: FileTotals, lines: AsyncIterable<CheckedBatch<C>>): Promise<void>
}

export type CheckedBatch<C> = { line: PaymentFileLine; checked: C }[]

export type FormatContext = { header: PaymentFileHeader; companyName: string }

/** The label the form shows: BBVA's says which line end is written and that the bank has not confirmed it. */
export function formatLabel(code: PaymentFormat, bbvaLineEnding: BbvaLineEnding): string {
  const { label } = PAYMENT_FORMATS[code]
  return code === 'BBVA' ? `${label}, fin de línea ${bbvaLineEnding} (por confirmar con el banco)` : label
}

export function bcpFormat({ header, companyName }: FormatContext): StreamedFormat<BcpCheckedLine> {
  const context = bcpFileContext(header, { companyReference: companyName })
  return {
    checkHeader: checkBcpHeader,
    checkLine: checkBcpLine,
    totalsStart: bcpTotalsStart,
    checkTotals: checkBcpTotals,
    checksumText: bcpChecksumText,
    async write(out, totals, lines) {
      // Windows-1252, CRLF after every record; the header first, from pass 1's totals.
      await push(out, encodeWindows1252(`${bcpHeaderRecord(header, context, totals)}\r\n`))
      for await (const batch of lines) {
        let text = ''
        for (const { line, checked } of batch) text += `${bcpDetailRecord(line, checked, context)}\r\n`
        await push(out, encodeWindows1252(text))
      }
      out.end()
    },
  }
}

export function bbvaFormat(
  { header }: FormatContext,
  lineEnding: BbvaLineEnding,
): StreamedFormat<BbvaCheckedLine> {
  const context = bbvaFileContext(header, { lineEnding })
  return {
    checkHeader: checkBbvaHeader,
    checkLine: checkBbvaLine,
    totalsStart: bbvaTotalsStart,
    checkTotals: checkBbvaTotals,
    checksumText: () => null,
    async write(out, totals, lines) {
      // Windows-1252. LF goes before each record but the first (none after the last); CRLF after each.
      const crlf = lineEnding === 'CRLF'
      const headerRecord = bbvaHeaderRecord(header, context, totals)
      await push(out, encodeWindows1252(crlf ? `${headerRecord}\r\n` : headerRecord))
      for await (const batch of lines) {
        let text = ''
        for (const { line, checked } of batch) {
          const record = bbvaDetailRecord(line, checked, context)
          text += crlf ? `${record}\r\n` : `\n${record}`
        }
        await push(out, encodeWindows1252(text))
      }
      out.end()
    },
  }
}

/**
 * The generic CCI workbook. `currencies`: what its 'Moneda' may say, soles only for a payroll; a
 * supplier run passes `GENERIC_CCI_CURRENCIES` and a dollar account's run is written in dollars.
 */
export function genericCciFormat(
  { header }: FormatContext,
  currencies: readonly string[] = ['PEN'],
): StreamedFormat<GenericCciCheckedLine> {
  const reference = bankName(header.reference)
  return {
    checkHeader: (h) => checkGenericCciHeader(h, currencies),
    checkLine: checkGenericCciLine,
    totalsStart: () => ({ count: 0, totalCents: 0n, checksum: 0n }),
    checkTotals: () => [],
    checksumText: () => null,
    // Column titles, then one row per line: nothing depends on the totals.
    onePass: true,
    async write(out, _totals, lines) {
      async function* rows(): AsyncIterable<CellValue[][]> {
        for await (const batch of lines)
          yield batch.map(({ line, checked }) => genericCciRow(line, checked, reference, header.currency))
      }
      await writeXlsx(out, {
        name: 'Transferencias',
        columns: GENERIC_CCI.columns.map((header, i) => ({
          header,
          width: GENERIC_CCI_WIDTHS[i],
          // 'Monto' shows its two decimals (1500.00), without separators a portal could misread.
          format: header === 'Monto' ? 'amount' : undefined,
        })),
        rows: rows(),
      })
    },
  }
}

const GENERIC_CCI_WIDTHS = [20, 20, 40, 24, 8, 14, 30]
