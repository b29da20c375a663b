import { formatCount } from '../common/format'
import { buildCci, documentTypeCodesNote } from '../common/identifiers'
import { clip, columnLetter } from '../sheets/sheet-cell'
import { PAYROLL_LIMITS } from './payroll'
import { type PayrollLayout, readOptionalHeader } from './payroll-concepts'

/**
 * The payroll spreadsheet ('Carga de planillas'): its columns, the template's notes, and the
 * messages for a file that cannot be read. Row rules are in `payroll-row.ts`.
 */
export type PayrollColumnKey =
  | 'identifierType'
  | 'identifier'
  | 'fullName'
  | 'bankCode'
  | 'bankAccount'
  | 'bankInterAccount'
  | 'amount'

export type PayrollColumn = { key: PayrollColumnKey; header: string; width: number; note: string }

export const PAYROLL_FILE_COLUMNS: readonly PayrollColumn[] = [
  {
    key: 'identifierType',
    header: 'Tipo de documento',
    width: 18,
    note: `Obligatorio. Código del tipo de documento: ${documentTypeCodesNote()}`,
  },
  {
    key: 'identifier',
    header: 'Número de documento',
    width: 22,
    note: 'Obligatorio. Debe corresponder a un colaborador registrado. DNI de 8 dígitos, RUC de 11; escriba la columna como texto para conservar los ceros a la izquierda. Un documento no puede repetirse en el archivo.',
  },
  {
    key: 'fullName',
    header: 'Apellidos y nombres',
    width: 36,
    note: 'Referencial (máximo 200 caracteres): la planilla toma el nombre registrado del colaborador.',
  },
  {
    key: 'bankCode',
    header: 'Código de banco',
    width: 16,
    note: 'Obligatorio. Código de 3 dígitos del banco (los primeros 3 dígitos de su CCI); vea la lista de bancos abajo.',
  },
  {
    key: 'bankAccount',
    header: 'Número de cuenta',
    width: 24,
    note: 'Obligatorio. Solo dígitos (se ignoran guiones y espacios), máximo 20. Escríbalo como texto: Excel redondea los números de más de 15 dígitos.',
  },
  {
    key: 'bankInterAccount',
    header: 'CCI',
    width: 26,
    note: 'Opcional. Código de cuenta interbancario de 20 dígitos, escrito como texto; sus dígitos de control deben ser correctos y sus 3 primeros dígitos, los del banco.',
  },
  {
    key: 'amount',
    header: 'Monto (S/)',
    width: 14,
    note: 'Obligatorio. Importe en soles mayor a cero, con 2 decimales como máximo, en una celda numérica (no texto ni fecha).',
  },
]

export const PAYROLL_TEMPLATE_HEADERS = PAYROLL_FILE_COLUMNS.map((c) => c.header)
/** The template's example row: a file that still carries it is refused (it is nobody's pay). */
export const PAYROLL_TEMPLATE_EXAMPLE: readonly (string | number)[] = [
  1,
  '45678912',
  'QUISPE HUAMÁN ROSA ELENA',
  '002',
  '19112345678012',
  buildCci('002', '191', '12345678012'),
  1850.5,
]
export const PAYROLL_TEMPLATE_SHEET = 'Planilla'
/**
 * The notes sheet every upload template carries after its data sheet: a workbook may keep it
 * (any other sheet with data is refused, see `FILE_MESSAGES.severalSheets`).
 */
export const TEMPLATE_NOTES_SHEET = 'Notas'
export const TEMPLATE_NOTES_HEADERS = ['Columna', 'Cómo llenarla'] as const
export const PAYROLL_TEMPLATE_FILE_NAME = 'plantilla-planilla.xlsx'

export const FILE_MESSAGES = {
  notXlsx: 'El archivo no es un libro de Excel (.xlsx) válido',
  oldFormat:
    'El archivo es un libro de Excel antiguo (.xls) o está protegido con contraseña; guárdelo como "Libro de Excel (.xlsx)" sin contraseña',
  damaged: 'El archivo está incompleto o dañado; vuelva a guardarlo desde Excel',
  unsupported: 'El archivo usa un formato de compresión no soportado; vuelva a guardarlo desde Excel',
  noWorkbook: 'El archivo no contiene un libro de Excel',
  xlsb: 'El archivo es un libro binario de Excel (.xlsb): guárdelo como "Libro de Excel (.xlsx)"',
  ods: 'El archivo es .ods (OpenDocument): guárdelo como "Libro de Excel (.xlsx)"',
  noSheet: 'No se encontró la primera hoja del libro',
  bomb: 'El contenido del archivo excede el tamaño permitido al descomprimirlo; el archivo no es una planilla válida',
  doctype: 'El archivo contiene declaraciones XML no permitidas',
  unreadable: 'No se pudo leer el archivo: vuelva a guardarlo desde Excel como "Libro de Excel (.xlsx)"',
  nested: (depth: number) =>
    `El archivo anida elementos a más de ${depth} niveles, lo que ningún libro de Excel hace; no es una planilla válida`,
  tooManyTexts: (limit: number) =>
    `El archivo tiene más de ${formatCount(limit)} textos distintos, el máximo que se puede leer; quite las hojas o celdas que no son de la plantilla y vuelva a cargarlo`,
  textsTooLong: (limit: number) =>
    `Los textos del archivo suman más de ${formatCount(limit)} caracteres, el máximo que se puede leer; quite las hojas o celdas que no son de la plantilla y vuelva a cargarlo`,
  crashed:
    'El archivo detuvo el procesamiento dos veces (posiblemente está dañado o fue armado para saturar el sistema); revíselo, guárdelo de nuevo desde Excel y vuelva a cargarlo',
  empty: 'La hoja está vacía: la primera fila debe tener los encabezados de la plantilla',
  headerRow: 'La primera fila de la hoja debe tener los encabezados de la plantilla',
  headerRowAt: (row: number) =>
    `La primera fila de la hoja debe tener los encabezados de la plantilla, pero la fila 1 está en blanco y los datos empiezan en la fila ${row}: elimine las filas en blanco de arriba`,
  /** A file-level message about a sheet of a workbook with several: which sheet was read. */
  inSheet: (sheet: string, message: string) => `Hoja '${clip(sheet, 31)}': ${message}`,
  noDataRows: 'El archivo no tiene filas con datos',
  severalSheets: (sheets: readonly string[]) =>
    `El libro tiene datos en más de una hoja (${listed(sheets.map((s) => `'${clip(s, 31)}'`))}) y solo se leería una: deje todas las filas en una sola hoja, elimine o vacíe las demás (también las ocultas) y vuelva a cargar`,
  hiddenRows: (rows: readonly number[]) =>
    `La hoja tiene filas ocultas con datos (${rows.length === 1 ? 'fila' : 'filas'} ${listed(rows.map(String))}) que también se cargarían: muéstrelas y elimine las que no correspondan; luego vuelva a cargar`,
  tooManyRows: `El archivo tiene más de ${formatCount(PAYROLL_LIMITS.maxRows)} filas de datos, el máximo permitido por carga`,
  headerMismatch: (letter: string, expected: string, found: string) =>
    `El encabezado de la columna ${letter} debe ser '${expected}'${found ? ` (se encontró '${found}')` : ' (está vacío)'}`,
  extraColumn: (letter: string, found: string) =>
    `La columna ${letter} ('${found}') no es de la plantilla: el archivo debe tener solo las columnas de la plantilla`,
  unexpected:
    'No se pudo procesar el archivo por un error interno; vuelva a intentarlo o comuníquese con soporte',
} as const

const normalizeHeader = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * Problems of a header row against the template (the seven fixed columns with the same texts, in the
 * same order; spacing and letter case do not matter), and where its optional columns are (concepts
 * of table 22, days, hours, pension data: `payroll-concepts.ts`). No problems when it matches.
 */
export function readPayrollHeader(cells: readonly (string | null | undefined)[]): {
  problems: string[]
  layout: PayrollLayout
} {
  const optional = readOptionalHeader(cells, PAYROLL_TEMPLATE_HEADERS.length)
  if (cells.every((c) => !c?.trim())) return { problems: [FILE_MESSAGES.empty], layout: optional.layout }
  const problems: string[] = []
  PAYROLL_TEMPLATE_HEADERS.forEach((expected, i) => {
    const found = (cells[i] ?? '').trim()
    if (normalizeHeader(found) !== normalizeHeader(expected)) {
      problems.push(FILE_MESSAGES.headerMismatch(columnLetter(i), expected, clip(found)))
    }
  })
  for (const i of optional.unknown) {
    problems.push(FILE_MESSAGES.extraColumn(columnLetter(i), clip((cells[i] ?? '').trim())))
  }
  problems.push(...optional.problems)
  return { problems, layout: optional.layout }
}

/** The header's problems alone (`readPayrollHeader`): empty when it matches the template. */
export const headerProblems = (cells: readonly (string | null | undefined)[]): string[] =>
  readPayrollHeader(cells).problems

/** 'a, b y c', the first ten and how many more. */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 10)
  const more = items.length - shown.length
  if (more > 0) return `${shown.join(', ')} y ${formatCount(more)} más`
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} y ${shown[shown.length - 1]}` : (shown[0] ?? '')
}
