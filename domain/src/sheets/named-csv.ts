import { asCents, type Cents, solesToCents } from '../common/money'

/**
 * The reading kit of the files SUNAT's portals let a clerk download (the constancias de depósito
 * of detracciones, the SIRE purchase proposal): read by the header's names, not by position, the
 * names compared without case, accents or spaces; the delimiter is the header line's ('|', ';', ','
 * or tab); fields may be quoted ('"a;b"', '""' for a quote); the bytes UTF-8 (a BOM dropped) or
 * Windows-1252; the lines counted before any row is read; the event loop given a turn every few
 * thousand rows. Each file's reader declares its columns and reads a row's fields into its rows.
 */

/**
 * The file's bytes as text: UTF-8 (a BOM dropped), or Windows-1252 when they are not valid UTF-8
 * (SOL's downloads open in Excel on Windows and are saved back in its code page).
 */
export function decodeDownload(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * `decodeDownload` by slices of `sliceBytes`, letting other work run between them (`pause`): a
 * file of tens of megabytes is decoded without holding the event loop for the whole of it.
 */
export async function decodeDownloadInSlices(
  bytes: Uint8Array,
  pause: () => Promise<void>,
  sliceBytes = 1024 * 1024,
): Promise<string> {
  const decodeWith = async (decoder: TextDecoder) => {
    const parts: string[] = []
    for (let at = 0; at < bytes.length; at += sliceBytes) {
      parts.push(decoder.decode(bytes.subarray(at, at + sliceBytes), { stream: true }))
      await pause()
    }
    parts.push(decoder.decode())
    return parts.join('')
  }
  try {
    return await decodeWith(new TextDecoder('utf-8', { fatal: true }))
  } catch {
    return decodeWith(new TextDecoder('windows-1252'))
  }
}

/**
 * A header's name as compared: no accents, no case, no spaces at all ('Apellidos Nombres/ Razón  Social'
 * and 'apellidos nombres/razon social' are the same column).
 */
export const headerKey = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '')

const DELIMITERS = ['|', ';', '\t', ','] as const

/** The header line's delimiter: the one it has most of outside quotes (';' when it has none). */
function delimiterOf(line: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) as number) + 1)
  }
  let best = ';'
  let most = 0
  for (const [d, n] of counts)
    if (n > most) {
      best = d
      most = n
    }
  return best
}

/** A record of the file: its fields and the line it starts on; `open` when a quote never closed. */
type FileRecord = { line: number; cells: string[]; open: boolean }

/** The file's records, one by one: a quoted field may hold delimiters, line breaks and doubled quotes. */
function* records(text: string, delimiter: string): Generator<FileRecord> {
  let at = 0
  let line = 1
  const end = text.length
  while (at < end) {
    const start = line
    const cells: string[] = []
    let cell = ''
    let open = false
    for (;;) {
      if (at >= end) {
        cells.push(cell)
        break
      }
      const ch = text[at]
      if (ch === '"' && cell.trim() === '') {
        // A quoted field: to its closing quote, '""' standing for one quote.
        let value = ''
        at++
        open = true
        while (at < end) {
          const c = text[at]
          if (c === '"') {
            if (text[at + 1] === '"') {
              value += '"'
              at += 2
              continue
            }
            at++
            open = false
            break
          }
          if (c === '\n') line++
          value += c
          at++
        }
        cell = value
        // Whatever follows the closing quote up to the delimiter is kept (spaces are trimmed later).
        while (at < end && text[at] !== delimiter && text[at] !== '\n' && text[at] !== '\r')
          cell += text[at++]
        continue
      }
      if (ch === delimiter) {
        cells.push(cell)
        cell = ''
        at++
        continue
      }
      if (ch === '\r' || ch === '\n') {
        cells.push(cell)
        at += ch === '\r' && text[at + 1] === '\n' ? 2 : 1
        line++
        break
      }
      cell += ch
      at++
    }
    yield { line: start, cells: cells.map((c) => c.trim()), open }
  }
}

/** The number of lines of the text, counted without splitting it. */
function lineCount(text: string): number {
  let n = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++
  return n
}

/** '25/11/2026', '1/12/2025' or '2026-11-25' → '2026-11-25'; null when it is not a real date. */
export function downloadDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  const iso = m
    ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : null
  if (!iso) return null
  const d = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso
}

/**
 * '1,250.00', '1250.5' or '142' → céntimos (a decimal point, commas grouping thousands); with
 * `signed`, a leading '-' too. Null for anything else (a decimal comma, a stray sign).
 */
export function downloadAmountCents(text: string, { signed = false } = {}): Cents | null {
  const negative = signed && text.startsWith('-')
  const digits = negative ? text.slice(1) : text
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(digits) ? digits.replaceAll(',', '') : digits
  const cents = solesToCents(plain)
  return cents === null ? null : negative ? asCents(-cents) : cents
}

/** A column a reader needs: its name in the file's header, and whether the header must have it. */
export type NamedColumn = { readonly name: string; readonly required: boolean }

export type NamedRowProblem = { rowNumber: number; message: string }

/** What a file's reader words: the kit's problems in that file's terms. */
export type NamedCsvMessages = {
  missing: (names: string[]) => string
  tooManyLines: string
  columns: (n: number, expected: number) => string
  quote: string
  empty: string
}

export type NamedCsvOptions = {
  /** Lets other work run (the API's event loop) every `every` rows; nothing waits without it. */
  pause?: () => Promise<void>
  every?: number
}

/**
 * Reads a file by its header's names: each row's fields, by column, to `readRow` (the row or what
 * is wrong with it), or its problems named by row (its line in the file, the header being line 1).
 * A file over `maxLines`, without rows, or whose header lacks a required column is one problem (row 0).
 */
export async function readNamedCsv<C extends string, R>(
  text: string,
  spec: {
    columns: Record<C, NamedColumn>
    maxLines: number
    messages: NamedCsvMessages
    readRow: (rowNumber: number, get: (column: C) => string) => R | string
  },
  options: NamedCsvOptions = {},
): Promise<{ rows: R[]; problems: NamedRowProblem[] }> {
  const { pause, every = 2000 } = options
  const M = spec.messages
  const rows: R[] = []
  const problems: NamedRowProblem[] = []
  const body = text.replace(/^\uFEFF/, '')
  if (lineCount(body) > spec.maxLines) return { rows, problems: [{ rowNumber: 0, message: M.tooManyLines }] }
  const headerStart = body.search(/\S/)
  if (headerStart === -1) return { rows, problems: [{ rowNumber: 0, message: M.empty }] }
  const headerEnd = body.indexOf('\n', headerStart)
  const delimiter = delimiterOf(body.slice(headerStart, headerEnd === -1 ? undefined : headerEnd))

  let index: Map<C, number> | null = null
  let width = 0
  let read = 0
  for (const record of records(body, delimiter)) {
    if (pause && ++read % every === 0) await pause()
    if (record.cells.every((c) => c === '')) continue
    if (!index) {
      const keys = record.cells.map(headerKey)
      index = new Map()
      const missing: string[] = []
      for (const [column, named] of Object.entries(spec.columns) as [C, NamedColumn][]) {
        const at = keys.indexOf(headerKey(named.name))
        if (at >= 0) index.set(column, at)
        else if (named.required) missing.push(named.name)
      }
      if (missing.length) return { rows, problems: [{ rowNumber: 0, message: M.missing(missing) }] }
      width = record.cells.length
      continue
    }
    if (record.open) {
      problems.push({ rowNumber: record.line, message: M.quote })
      continue
    }
    if (record.cells.length !== width) {
      problems.push({ rowNumber: record.line, message: M.columns(record.cells.length, width) })
      continue
    }
    const columns = index
    const row = spec.readRow(record.line, (c) => {
      const at = columns.get(c)
      return at === undefined ? '' : (record.cells[at] ?? '')
    })
    if (typeof row === 'string') problems.push({ rowNumber: record.line, message: row })
    else rows.push(row)
  }
  if (!rows.length && !problems.length) problems.push({ rowNumber: 0, message: M.empty })
  return { rows, problems }
}
