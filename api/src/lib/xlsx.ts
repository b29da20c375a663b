import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'

export type ExportColumn<T> = {
  header: string
  width?: number
  value: (row: T) => string | number | null | undefined
}

const FORMULA_TRIGGERS = /^[=+\-@\t\r]/

/**
 * A cell value safe to open in a spreadsheet: text that a spreadsheet would read as a formula
 * (= + - @, tab, CR) gets a leading apostrophe (OWASP CSV/formula injection).
 */
export function safeCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  return FORMULA_TRIGGERS.test(value) ? `'${value}` : value
}

/** Streams a one-sheet workbook to the reply, reading rows in batches so memory stays flat. */
export function sendWorkbook<T>(
  reply: FastifyReply,
  options: { fileName: string; sheetName: string; columns: ExportColumn<T>[]; rows: AsyncIterable<T[]> },
) {
  const stream = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(options.sheetName)
  sheet.columns = options.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 20 }))
  sheet.getRow(1).font = { bold: true }
  void (async () => {
    try {
      for await (const batch of options.rows) {
        for (const row of batch) sheet.addRow(options.columns.map((c) => safeCell(c.value(row)))).commit()
      }
      sheet.commit()
      await workbook.commit()
    } catch (error) {
      stream.destroy(error as Error)
    }
  })()
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', contentDisposition(options.fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(stream)
}

/** An attachment header with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** Pages through a keyset (id ascending) so an export of a million rows never loads them all. */
export async function* inBatches<T extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<T[]>,
  batchSize = 1000,
): AsyncIterable<T[]> {
  let afterId = 0
  for (;;) {
    const batch = await fetchAfter(afterId, batchSize)
    if (batch.length === 0) return
    yield batch
    if (batch.length < batchSize) return
    afterId = batch[batch.length - 1].id
  }
}

/** A file name with today's date, e.g. areas-2026-11-22.xlsx. */
export const exportFileName = (base: string) => `${base}-${new Date().toISOString().slice(0, 10)}.xlsx`
