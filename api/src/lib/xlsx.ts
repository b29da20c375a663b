import { PassThrough, type Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { XLSX_MIME } from '@planillas/domain'
import { excelDate, writeXlsx } from '@planillas/formats/xlsx-writer'
import type { FastifyReply } from 'fastify'

export type ExportColumn<T> = {
  header: string
  width?: number
  /** Soles: the column's numbers show as 1,234.50 (the value stays the exact number). */
  money?: boolean
  /**
   * A date column: `value` gives the ISO day ('YYYY-MM-DD', `date`) or the instant (`dateTime`, in
   * Lima), written as a spreadsheet date shown DD/MM/YYYY (HH:MM), not as text.
   */
  date?: 'date' | 'dateTime'
  value: (row: T) => string | number | Date | null | undefined
}

/**
 * A row's cell for the writer: dates as spreadsheet dates, anything else as stored (the writer gives
 * text a spreadsheet would evaluate its quote-prefix style, in every export and bank workbook).
 */
function cellOf<T>(column: ExportColumn<T>, row: T) {
  const value = column.value(row)
  if (column.date) return typeof value === 'number' ? value : (excelDate(value ?? null) ?? '')
  return value instanceof Date ? value.toISOString() : (value ?? '')
}

const CELL_SLICE = 250

/**
 * The cells of the rows, a few hundred at a time, with a turn of the event loop between slices:
 * a batch read from the database would otherwise be turned into cells and XML in one go of
 * promises, and every other request of the process (the health check, a clerk's page) would wait
 * for it. Each export gives way every CELL_SLICE rows, so any number of them running costs the
 * others a few milliseconds at most.
 */
export async function* cellSlices<T>(
  rows: AsyncIterable<T[]>,
  columns: ExportColumn<T>[],
): AsyncIterable<ReturnType<typeof cellOf>[][]> {
  for await (const batch of rows) {
    for (let at = 0; at < batch.length; at += CELL_SLICE) {
      yield batch.slice(at, at + CELL_SLICE).map((row) => columns.map((c) => cellOf(c, row)))
      await nextTurn()
    }
  }
}

/**
 * Streams a one-sheet workbook to the reply, reading rows in batches so memory stays flat; the
 * producer waits when the client reads slowly (formats/src/xlsx-writer.ts). Each export holds one
 * of the process's export slots (export-slots.ts) until its file is sent or the client leaves;
 * without a free slot it is a Spanish 429 before any row is read.
 */
export function sendWorkbook<T>(
  reply: FastifyReply,
  options: { fileName: string; sheetName: string; columns: ExportColumn<T>[]; rows: AsyncIterable<T[]> },
) {
  const release = reply.server.exportSlots.take(reply.request.user?.email ?? reply.request.ip)
  const stream = new PassThrough()
  stream.once('close', release)
  reply.raw.once('close', release)
  const columns = options.columns
  writeXlsx(stream, {
    name: options.sheetName,
    columns: columns.map((c) => ({
      header: c.header,
      width: c.width ?? 20,
      format: c.money ? 'money' : c.date,
    })),
    // Cells for a few hundred rows at a time: short-lived arrays the young generation collects.
    rows: cellSlices(options.rows, columns),
  }).catch((error: Error) => stream.destroy(error))
  return sendAttachment(reply, options.fileName, XLSX_MIME, stream)
}

/** A download with its file name, which the web tier's fetch may read (CORS exposes the header). */
export function sendAttachment(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  body: Buffer | Readable,
) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(body)
}

/** An attachment header with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Pages through a keyset so an export of a million rows never loads them all: `keyOf` gives the
 * cursor of a row (default its id, ascending), `fetchAfter` the rows after it (null: from the start).
 */
export async function* inKeysetBatches<T, K>(
  fetchAfter: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  batchSize = 5000,
): AsyncIterable<T[]> {
  let after: K | null = null
  for (;;) {
    const batch = await fetchAfter(after, batchSize)
    if (batch.length === 0) return
    yield batch
    if (batch.length < batchSize) return
    after = keyOf(batch[batch.length - 1])
  }
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

/**
 * The rows of a list's export: every row of its filter in keyset batches, or, where the clerk
 * selected rows ('Descargar selección'), only those ids the filter keeps, one keyed read each (the
 * same query, so the same columns, joins and filter), in id order.
 */
export function exportRows<T extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<T[]>,
  ids?: readonly number[] | null,
): AsyncIterable<T[]> {
  return ids?.length ? selectedRows(fetchAfter, ids) : inBatches(fetchAfter)
}

async function* selectedRows<T extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<T[]>,
  ids: readonly number[],
): AsyncIterable<T[]> {
  const rows: T[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await fetchAfter(id - 1, 1)
    if (row?.id === id) rows.push(row)
  }
  if (rows.length) yield rows
}

/** A file name with today's date, e.g. areas-2026-11-22.xlsx. */
export const exportFileName = (base: string) => `${base}-${new Date().toISOString().slice(0, 10)}.xlsx`
