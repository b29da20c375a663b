import { formatCount } from '../common/format'
import { solesToCents } from '../common/money'

/**
 * SUNAT's export of the detracciones deposited ('Consulta de constancias de depósito' in SUNAT
 * Operaciones en Línea), read by its header's names, not by position: the columns are found
 * whatever their order, the names compared without case, accents or extra spaces. The delimiter
 * is the header line's ('|', ';', ',' or tab), fields may be quoted ('"a;b"', '""' for a quote),
 * dates are DD/MM/AAAA and amounts soles with a decimal point.
 *
 * The export has 17 named columns; matching a row to a voucher needs seven of them (constancia,
 * supplier RUC, payment date, amount, comprobante type, series and number) and the period and
 * type of good are read when present. The names and formats are those public importers of the
 * file read (docs/decisions/detracciones-deposited.md); SUNAT publishes no specification of the
 * export, so the layout is confirmed by those importers only, not by SUNAT.
 */
export type ConstanciaRow = {
  /** The file's line the row starts on (the header is line 1). */
  rowNumber: number
  constancia: string
  /** 'AAAAMM', when the file has the 'Periodo Tributario' column. */
  period: string | null
  supplierRuc: string
  /** 'AAAA-MM-DD'. */
  depositedOn: string
  amountCents: number
  /** The type of good (catálogo 54), when the file has the 'Tipo Bien' column. */
  spotCode: string | null
  /** SUNAT's comprobante type, two digits (tabla 10: 01 factura, 03 boleta...). */
  type: string
  series: string
  number: number
}

export type ConstanciaProblem = { rowNumber: number; message: string }

/** One import's bounds: SUNAT's monthly list is a few thousand rows; the lines are counted before any is read. */
export const CONSTANCIA_LIMITS = { maxLines: 100_000, maxFileBytes: 2 * 1024 * 1024 } as const

/** The columns read, by their names in SUNAT's export; `required` ones must be in the header. */
export const CONSTANCIA_COLUMNS = {
  constancia: { name: 'Numero Constancia', required: true },
  period: { name: 'Periodo Tributario', required: false },
  supplierRuc: { name: 'RUC Proveedor', required: true },
  depositedOn: { name: 'Fecha Pago', required: true },
  amount: { name: 'Monto Deposito', required: true },
  spotCode: { name: 'Tipo Bien', required: false },
  type: { name: 'Tipo de Comprobante', required: true },
  series: { name: 'Serie de Comprobante', required: true },
  number: { name: 'Numero de Comprobante', required: true },
} as const
type Column = keyof typeof CONSTANCIA_COLUMNS

/** Every column of SUNAT's export, in its order: the template the import screen documents. */
export const SUNAT_CONSTANCIA_HEADER = [
  'Tipo de Cuenta',
  'Numero de Cuenta',
  'Numero Constancia',
  'Periodo Tributario',
  'RUC Proveedor',
  'Nombre Proveedor',
  'Tipo de Documento Adquiriente',
  'Numero de Documento Adquiriente',
  'Nombre/Razon Social del Adquiriente',
  'Fecha Pago',
  'Monto Deposito',
  'Tipo Bien',
  'Tipo Operacion',
  'Tipo de Comprobante',
  'Serie de Comprobante',
  'Numero de Comprobante',
  'Numero de pago de Detracciones',
] as const

export const CONSTANCIA_MESSAGES = {
  missing: (names: string[]) =>
    `Al encabezado del archivo le ${names.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${names
      .map((n) => `'${n}'`)
      .join(
        ', ',
      )}: cargue el archivo que descarga de 'Consulta de constancias de depósito' en SUNAT Operaciones en Línea`,
  tooManyLines: `El archivo tiene más de ${formatCount(CONSTANCIA_LIMITS.maxLines)} líneas, el máximo permitido por carga`,
  columns: (n: number, expected: number) => `La fila tiene ${n} campos: el encabezado tiene ${expected}`,
  quote: 'Un campo entre comillas no se cierra',
  constancia: 'El número de constancia debe tener solo dígitos (hasta 20)',
  period: 'El periodo tributario debe ser AAAAMM',
  ruc: 'El R.U.C. del proveedor debe tener 11 dígitos',
  date: 'La fecha de pago debe ser DD/MM/AAAA',
  amount: 'El monto del depósito debe ser un número positivo con hasta 2 decimales (p. ej. 1250.00)',
  type: 'El tipo de comprobante debe ser un código de SUNAT de 2 dígitos (p. ej. 01)',
  series: 'La serie del comprobante debe tener 4 caracteres, letras y números (p. ej. F001)',
  number: 'El número del comprobante debe tener solo dígitos (hasta 8) y no ser cero',
  empty: 'El archivo no tiene filas de constancias',
} as const

/**
 * The file's bytes as text: UTF-8 (a BOM dropped), or Windows-1252 when they are not valid UTF-8
 * (SOL's downloads open in Excel on Windows and are saved back in its code page).
 */
export function decodeConstancias(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** A header's name as compared: no accents, no case, single spaces. */
export const headerKey = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

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

/** '25/11/2026' or '2026-11-25' → '2026-11-25'; null when it is not a real date. */
function isoDate(text: string): string | null {
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

/** '1,250.00', '1250.5' or '142' → céntimos; null for anything else (a decimal comma, a sign). */
function amountCents(text: string): number | null {
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replaceAll(',', '') : text
  return solesToCents(plain)
}

/** A row's fields read into a constancia, or what is wrong with the first bad one. */
function readRow(rowNumber: number, get: (c: Column) => string): ConstanciaRow | string {
  const M = CONSTANCIA_MESSAGES
  const constancia = get('constancia')
  if (!/^\d{1,20}$/.test(constancia)) return M.constancia
  const period = get('period')
  if (period && !/^\d{4}(0[1-9]|1[0-2])$/.test(period)) return M.period
  const supplierRuc = get('supplierRuc')
  if (!/^\d{11}$/.test(supplierRuc)) return M.ruc
  const depositedOn = isoDate(get('depositedOn'))
  if (!depositedOn) return M.date
  const cents = amountCents(get('amount'))
  if (cents === null || cents <= 0) return M.amount
  const type = get('type')
  if (!/^\d{1,2}$/.test(type)) return M.type
  const series = get('series').toUpperCase()
  if (!/^[A-Z0-9]{4}$/.test(series)) return M.series
  const number = get('number')
  if (!/^\d{1,8}$/.test(number) || Number(number) === 0) return M.number
  return {
    rowNumber,
    constancia,
    period: period || null,
    supplierRuc,
    depositedOn,
    amountCents: cents,
    spotCode: get('spotCode') || null,
    type: type.padStart(2, '0'),
    series,
    number: Number(number),
  }
}

export type ReadOptions = {
  /** Lets other work run (the API's event loop) every `every` rows; nothing waits without it. */
  pause?: () => Promise<void>
  every?: number
}

export type ConstanciaRead = { rows: ConstanciaRow[]; problems: ConstanciaProblem[] }

/**
 * Reads SUNAT's export: every row parsed, or its problems named by row (its line in the file). A
 * file over the line limit, or whose header lacks a required column, is one problem (row 0).
 */
export async function readConstancias(text: string, options: ReadOptions = {}): Promise<ConstanciaRead> {
  const { pause, every = 2000 } = options
  const rows: ConstanciaRow[] = []
  const problems: ConstanciaProblem[] = []
  const body = text.replace(/^\uFEFF/, '')
  if (lineCount(body) > CONSTANCIA_LIMITS.maxLines)
    return { rows, problems: [{ rowNumber: 0, message: CONSTANCIA_MESSAGES.tooManyLines }] }
  const headerStart = body.search(/\S/)
  if (headerStart === -1) return { rows, problems: [{ rowNumber: 0, message: CONSTANCIA_MESSAGES.empty }] }
  const headerEnd = body.indexOf('\n', headerStart)
  const delimiter = delimiterOf(body.slice(headerStart, headerEnd === -1 ? undefined : headerEnd))

  let index: Map<Column, number> | null = null
  let width = 0
  let read = 0
  for (const record of records(body, delimiter)) {
    if (pause && ++read % every === 0) await pause()
    if (record.cells.every((c) => c === '')) continue
    if (!index) {
      const keys = record.cells.map(headerKey)
      index = new Map()
      const missing: string[] = []
      for (const [column, spec] of Object.entries(CONSTANCIA_COLUMNS) as [
        Column,
        (typeof CONSTANCIA_COLUMNS)[Column],
      ][]) {
        const at = keys.indexOf(headerKey(spec.name))
        if (at >= 0) index.set(column, at)
        else if (spec.required) missing.push(spec.name)
      }
      if (missing.length)
        return { rows, problems: [{ rowNumber: 0, message: CONSTANCIA_MESSAGES.missing(missing) }] }
      width = record.cells.length
      continue
    }
    if (record.open) {
      problems.push({ rowNumber: record.line, message: CONSTANCIA_MESSAGES.quote })
      continue
    }
    if (record.cells.length !== width) {
      problems.push({
        rowNumber: record.line,
        message: CONSTANCIA_MESSAGES.columns(record.cells.length, width),
      })
      continue
    }
    const columns = index
    const row = readRow(record.line, (c) => {
      const at = columns.get(c)
      return at === undefined ? '' : (record.cells[at] ?? '')
    })
    if (typeof row === 'string') problems.push({ rowNumber: record.line, message: row })
    else rows.push(row)
  }
  if (!rows.length && !problems.length) problems.push({ rowNumber: 0, message: CONSTANCIA_MESSAGES.empty })
  return { rows, problems }
}
