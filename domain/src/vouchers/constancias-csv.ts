import { formatCount } from '../common/format'
import { isTooLargeAmount, SOLES_MAX_MESSAGE } from '../common/money-input'
import {
  decodeDownload,
  downloadAmountCents,
  downloadDate,
  type NamedCsvOptions,
  readNamedCsv,
} from '../sheets/named-csv'

/**
 * SUNAT's export of the detracciones deposited ('Consulta de constancias de depósito' in SUNAT
 * Operaciones en Línea), read by its header's names, not by position: the columns are found
 * whatever their order, the names compared without case, accents or spaces. The delimiter
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

/**
 * One import's bounds, what the background job reads in bounded memory: SUNAT's monthly list is a
 * few thousand rows, a year of a large buyer some hundred thousand. The lines are counted before any
 * is read; a file's problems (a malformed file is refused whole) are listed up to `maxListedProblems`
 * and counted beyond; the rows not matched are all listed (at most `maxLines`).
 */
export const CONSTANCIA_LIMITS = {
  maxLines: 300_000,
  maxFileBytes: 64 * 1024 * 1024,
  maxListedProblems: 1000,
} as const

/** The form's and the job's words of 'Importar constancias' (the batch pipeline's upload kind). */
export const CONSTANCIA_UPLOAD_MESSAGES = {
  file: 'Adjunte el archivo CSV de constancias de SUNAT',
  oneFile: 'Cargue un solo archivo de constancias',
  fileExtension: 'El archivo debe ser el de constancias de depósito de SUNAT (.csv o .txt)',
  fileSize: `El archivo de constancias no puede superar ${CONSTANCIA_LIMITS.maxFileBytes / 1024 / 1024} MB`,
  incomplete: 'El archivo de constancias llegó incompleto: vuelva a cargarlo',
  accepted: 'Archivo de constancias recibido: se procesará en segundo plano',
  /** Listed first when a refused file has more than `maxListedProblems` problems. */
  tooManyProblems: (total: number) =>
    `El archivo tiene ${formatCount(total)} problemas: se listan los primeros ${formatCount(CONSTANCIA_LIMITS.maxListedProblems)}`,
} as const

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
 * (the shared kit's decoding, sheets/named-csv.ts).
 */
export const decodeConstancias = decodeDownload

/** A row's fields read into a constancia, or what is wrong with the first bad one. */
function readRow(
  rowNumber: number,
  get: (c: keyof typeof CONSTANCIA_COLUMNS) => string,
): ConstanciaRow | string {
  const M = CONSTANCIA_MESSAGES
  const constancia = get('constancia')
  if (!/^\d{1,20}$/.test(constancia)) return M.constancia
  const period = get('period')
  if (period && !/^\d{4}(0[1-9]|1[0-2])$/.test(period)) return M.period
  const supplierRuc = get('supplierRuc')
  if (!/^\d{11}$/.test(supplierRuc)) return M.ruc
  const depositedOn = downloadDate(get('depositedOn'))
  if (!depositedOn) return M.date
  const cents = downloadAmountCents(get('amount'))
  if (cents === null && isTooLargeAmount(get('amount'))) return SOLES_MAX_MESSAGE
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

export type ReadOptions = NamedCsvOptions

export type ConstanciaRead = { rows: ConstanciaRow[]; problems: ConstanciaProblem[] }

/**
 * Reads SUNAT's export: every row parsed, or its problems named by row (its line in the file). A
 * file over the line limit, or whose header lacks a required column, is one problem (row 0).
 */
export function readConstancias(text: string, options: ReadOptions = {}): Promise<ConstanciaRead> {
  return readNamedCsv(
    text,
    {
      columns: CONSTANCIA_COLUMNS,
      maxLines: CONSTANCIA_LIMITS.maxLines,
      messages: CONSTANCIA_MESSAGES,
      readRow,
    },
    options,
  )
}
