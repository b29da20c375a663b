import { formatCount } from '../common/format'
import type { Cents } from '../common/money'
import { asCents } from '../common/money'
import { downloadAmountCents, downloadDate, type NamedCsvOptions, readNamedCsv } from '../sheets/named-csv'

/**
 * SUNAT's SIRE purchase proposal (the 'propuesta' of the Registro de Compras Electrónico, RCE) as
 * the CSV that SUNAT Operaciones en Línea lets the clerk download, read by its header's names (the
 * shared kit of sheets/named-csv.ts: any order, names compared without case, accents or spaces, a
 * BOM dropped, UTF-8 or Windows-1252). Comma-separated, amounts with a decimal point, dates d/m/yyyy
 * ('1/12/2025').
 *
 * The layout has ONE source, a public importer of the file (docs/decisions/sire-proposal.md), not
 * SUNAT: the column names, the separator and the formats are unconfirmed until a real SIRE file
 * confirms them. The RCE leaves out recibos por honorarios (02) and the non-domiciled's documents
 * (91, 97, 98), by the same one source; rows of those types are set aside, not compared.
 */

/** One import's bounds: a company's monthly proposal is a few thousand rows at most. */
export const SIRE_LIMITS = { maxLines: 100_000, maxFileBytes: 30 * 1024 * 1024 } as const

/** The columns read, by their names in the proposal's header; `required` ones must be in it. */
export const SIRE_COLUMNS = {
  car: { name: 'CAR SUNAT', required: false },
  issueDate: { name: 'Fecha de emisión', required: true },
  type: { name: 'Tipo CP/Doc.', required: true },
  series: { name: 'Serie del CDP', required: true },
  number: { name: 'Nro CP o Doc. Nro Inicial (Rango)', required: true },
  supplierDocType: { name: 'Tipo Doc Identidad', required: false },
  supplierId: { name: 'Nro Doc Identidad', required: true },
  supplierName: { name: 'Apellidos Nombres/ Razón  Social', required: false },
  igvDg: { name: 'IGV / IPM DG', required: true },
  igvDgng: { name: 'IGV / IPM DGNG', required: true },
  igvDng: { name: 'IGV / IPM DNG', required: true },
  total: { name: 'Total CP', required: true },
  currency: { name: 'Moneda', required: true },
} as const
type Column = keyof typeof SIRE_COLUMNS

/** The proposal's columns in the order the one source lists them: the screen documents them. */
export const SIRE_PROPOSAL_HEADER = [
  'CAR SUNAT',
  'Fecha de emisión',
  'Fecha Vcto/Pago',
  'Tipo CP/Doc.',
  'Serie del CDP',
  'Nro CP o Doc. Nro Inicial (Rango)',
  'Tipo Doc Identidad',
  'Nro Doc Identidad',
  'Apellidos Nombres/ Razón  Social',
  'BI Gravado DG',
  'IGV / IPM DG',
  'BI Gravado DGNG',
  'IGV / IPM DGNG',
  'BI Gravado DNG',
  'IGV / IPM DNG',
  'Valor Adq. NG',
  'ISC',
  'ICBPER',
  'Otros Trib/ Cargos',
  'Total CP',
  'Moneda',
  'Tipo de Cambio',
  'Detracción',
  'Est. Comp.',
  'Incal',
  'Clasif de Bss y Sss',
] as const

/** Types the RCE does not hold: recibos por honorarios and the non-domiciled's documents. */
export const SIRE_EXCLUDED_TYPES: readonly string[] = ['02', '91', '97', '98']

export const SIRE_MESSAGES = {
  missing: (names: string[]) =>
    `Al encabezado del archivo le ${names.length === 1 ? 'falta la columna' : 'faltan las columnas'} ${names
      .map((n) => `'${n}'`)
      .join(
        ', ',
      )}: cargue la propuesta del Registro de Compras que descarga de SIRE en SUNAT Operaciones en Línea`,
  tooManyLines: `El archivo tiene más de ${formatCount(SIRE_LIMITS.maxLines)} líneas, el máximo permitido por conciliación`,
  columns: (n: number, expected: number) => `La fila tiene ${n} campos: el encabezado tiene ${expected}`,
  quote: 'Un campo entre comillas no se cierra',
  empty: 'El archivo no tiene filas de la propuesta',
  date: 'La fecha de emisión debe ser D/M/AAAA (p. ej. 1/12/2025)',
  type: 'El tipo de comprobante debe ser un código de SUNAT de 2 dígitos (p. ej. 01)',
  series: 'La serie del comprobante debe tener letras y números, hasta 20 (p. ej. F001)',
  number: 'El número del comprobante debe tener solo dígitos (hasta 20) y no ser cero',
  supplier: 'El número de documento del proveedor debe tener letras y números, hasta 15',
  igv: 'Los montos de IGV deben ser números con hasta 2 decimales y punto decimal (p. ej. 180.00)',
  total: 'El total del comprobante debe ser un número con hasta 2 decimales y punto decimal (p. ej. 1180.00)',
  currency: 'La moneda debe ser un código de 3 letras (p. ej. PEN)',
} as const

/** A row of the proposal, of a type the RCE holds. */
export type SireRow = {
  excluded: false
  /** The file's line the row starts on (the header is line 1). */
  rowNumber: number
  car: string | null
  /** 'AAAA-MM-DD'. */
  issueDate: string
  /** SUNAT's comprobante type, two digits. */
  type: string
  /** Upper case. */
  series: string
  /** Digits without leading zeros. */
  number: string
  supplierId: string
  supplierName: string
  /** The three IGV columns (DG, DGNG, DNG) added; a nota de crédito may come negative. */
  igvCents: Cents
  totalCents: Cents
  currency: string
}

/** A row of a type the RCE leaves out (02, 91, 97, 98): set aside as it is. */
export type SireExcludedRow = {
  excluded: true
  rowNumber: number
  type: string
  series: string
  number: string
  supplierId: string
}

/** '00000123' → '123': the number as compared (the proposal and the vouchers pad it differently). */
export const plainNumber = (digits: string) => digits.replace(/^0+(?=\d)/, '')

function readRow(rowNumber: number, get: (c: Column) => string): SireRow | SireExcludedRow | string {
  const M = SIRE_MESSAGES
  const typeText = get('type')
  if (!/^\d{1,2}$/.test(typeText)) return M.type
  const type = typeText.padStart(2, '0')
  const series = get('series').toUpperCase()
  const number = get('number')
  const supplierId = get('supplierId').toUpperCase()
  if (SIRE_EXCLUDED_TYPES.includes(type))
    return { excluded: true, rowNumber, type, series, number: plainNumber(number), supplierId }
  const issueDate = downloadDate(get('issueDate'))
  if (!issueDate) return M.date
  if (!/^[A-Z0-9]{1,20}$/.test(series)) return M.series
  if (!/^\d{1,20}$/.test(number) || /^0+$/.test(number)) return M.number
  if (!/^[A-Z0-9]{1,15}$/.test(supplierId)) return M.supplier
  let igv = 0
  for (const column of ['igvDg', 'igvDgng', 'igvDng'] as const) {
    const text = get(column)
    if (text === '') continue
    const cents = downloadAmountCents(text, { signed: true })
    if (cents === null) return M.igv
    igv += cents
  }
  const totalCents = downloadAmountCents(get('total'), { signed: true })
  if (totalCents === null) return M.total
  const currency = get('currency').toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) return M.currency
  return {
    excluded: false,
    rowNumber,
    car: get('car') || null,
    issueDate,
    type,
    series,
    number: plainNumber(number),
    supplierId,
    supplierName: get('supplierName'),
    igvCents: asCents(igv),
    totalCents,
    currency,
  }
}

export type SireProposalRead = {
  rows: SireRow[]
  excluded: SireExcludedRow[]
  problems: { rowNumber: number; message: string }[]
}

/**
 * Reads the proposal: every row of a type the RCE holds, those of the types it leaves out set
 * aside, or the file's problems named by row (its line in the file). A file over the line limit, or
 * whose header lacks a required column, is one problem (row 0) naming it.
 */
export async function readSireProposal(
  text: string,
  options: NamedCsvOptions = {},
): Promise<SireProposalRead> {
  const read = await readNamedCsv(
    text,
    { columns: SIRE_COLUMNS, maxLines: SIRE_LIMITS.maxLines, messages: SIRE_MESSAGES, readRow },
    options,
  )
  const rows: SireRow[] = []
  const excluded: SireExcludedRow[] = []
  for (const row of read.rows) {
    if (row.excluded) excluded.push(row)
    else rows.push(row)
  }
  return { rows, excluded, problems: read.problems }
}
