import { daysInMonth } from '../common/dates'
import { TAX_STATUS_KIND, type TaxStatusKind } from '../vouchers/tax-status'

/**
 * SUNAT's padrones (docs/decisions/sunat-padrones.md): the padrón reducido del RUC (estado and
 * condición of every RUC) and the three lists that exclude a supplier from the IGV retention. Each is
 * one `|`-separated TXT with a header row, read by header NAME: a column is found by any of its
 * names, compared without accents, case or repeated spaces (`padronHeaderKey`).
 */
export const PADRON_KIND = {
  REDUCIDO: 'REDUCIDO',
  RETENTION_AGENTS: 'AGENTES_RETENCION',
  PERCEPTION_AGENTS: 'AGENTES_PERCEPCION',
  GOOD_TAXPAYERS: 'BUENOS_CONTRIBUYENTES',
} as const
export type PadronKind = (typeof PADRON_KIND)[keyof typeof PADRON_KIND]
export const PADRON_KINDS = Object.values(PADRON_KIND) as [PadronKind, ...PadronKind[]]

export const PADRON_LABEL: Record<PadronKind, string> = {
  REDUCIDO: 'Padrón reducido del RUC',
  AGENTES_RETENCION: 'Agentes de retención',
  AGENTES_PERCEPCION: 'Agentes de percepción',
  BUENOS_CONTRIBUYENTES: 'Buenos contribuyentes',
}

/** The tax status a list gives (the padrón reducido gives none: it dates estado and condición). */
export const PADRON_TAX_STATUS: Record<Exclude<PadronKind, 'REDUCIDO'>, TaxStatusKind> = {
  AGENTES_RETENCION: TAX_STATUS_KIND.RETENTION_AGENT,
  AGENTES_PERCEPCION: TAX_STATUS_KIND.PERCEPTION_AGENT,
  BUENOS_CONTRIBUYENTES: TAX_STATUS_KIND.GOOD_TAXPAYER,
}

/** A column of a layout: the names its header may carry (any one), and whether the file must have it. */
export type PadronColumn = { names: readonly string[]; optional?: boolean }
export type PadronLayout<K extends string = string> = Record<K, PadronColumn>

/**
 * The padrón reducido's header is confirmed (research notes §4, 5 sources); only the columns the
 * registry keeps are read. The address columns are not.
 */
export const PADRON_REDUCIDO_LAYOUT = {
  ruc: { names: ['RUC'] },
  name: { names: ['NOMBRE O RAZON SOCIAL', 'RAZON SOCIAL'] },
  state: { names: ['ESTADO DEL CONTRIBUYENTE', 'ESTADO'] },
  condition: { names: ['CONDICION DE DOMICILIO', 'CONDICION DEL DOMICILIO', 'CONDICION'] },
  ubigeo: { names: ['UBIGEO'], optional: true },
} as const satisfies PadronLayout

/**
 * The three lists: the fields are confirmed (RUC · razón social · a partir del / fecha · resolución),
 * their header SPELLING is not: these names are the likely ones, and a file whose header has none of
 * them is refused naming the column, never read by position.
 */
const LIST_LAYOUT = {
  ruc: { names: ['RUC', 'NUMERO RUC', 'NUMERO DE RUC', 'NRO RUC', 'NRO DE RUC', 'N RUC'] },
  name: { names: ['RAZON SOCIAL', 'NOMBRE O RAZON SOCIAL', 'NOMBRE', 'CONTRIBUYENTE'] },
  from: {
    names: [
      'A PARTIR DEL',
      'A PARTIR DE',
      'FECHA A PARTIR DEL',
      'FECHA',
      'FECHA DE INICIO',
      'FECHA INICIO',
      'FECHA DE INCORPORACION',
      'FECHA DE DESIGNACION',
      'VIGENCIA',
    ],
  },
  resolution: {
    names: ['RESOLUCION', 'NRO RESOLUCION', 'NRO DE RESOLUCION', 'NUMERO DE RESOLUCION', 'N RESOLUCION'],
    optional: true,
  },
} as const satisfies PadronLayout
export type PadronListKey = keyof typeof LIST_LAYOUT
export type PadronReducidoKey = keyof typeof PADRON_REDUCIDO_LAYOUT

export const PADRON_LAYOUTS: Record<PadronKind, PadronLayout> = {
  REDUCIDO: PADRON_REDUCIDO_LAYOUT,
  AGENTES_RETENCION: LIST_LAYOUT,
  AGENTES_PERCEPCION: LIST_LAYOUT,
  BUENOS_CONTRIBUYENTES: LIST_LAYOUT,
}

/** How a header cell is compared: no accents, upper case, one space, no punctuation ('Nº', '°', '.'). */
export function padronHeaderKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
}

/** Bounds of a padrón upload and its TXT (the padrón reducido: ~391 MB zipped, ~1.57 GB of text). */
export const PADRON_LIMITS = {
  maxFileBytes: 600 * 1024 * 1024,
  /** Inflated text, the whole entry. */
  maxTextBytes: 4 * 1024 * 1024 * 1024,
  /** Inflated / compressed bytes so far: text compresses about 4–10 to 1, a bomb's filler ~1,000. */
  maxRatio: 100,
  /** A line longer than this is a bad line (the padrón's longest are a few hundred bytes). */
  maxLineBytes: 16 * 1024,
  /** Bad lines kept with their text; the rest are counted. */
  maxProblemsKept: 200,
  /** Past this many bad lines the file is not SUNAT's layout: the load stops, nothing replaced. */
  maxBadLines: 10_000,
} as const

export const PADRON_MESSAGES = {
  file: 'El archivo del padrón es requerido',
  oneFile: 'Cargue un solo archivo',
  extension: 'El archivo debe ser el .zip que descarga de SUNAT o el .txt que contiene',
  fileSize: `El archivo admite como máximo ${PADRON_LIMITS.maxFileBytes / 1024 / 1024} MB`,
  kind: 'Elija qué padrón carga',
  notZip: 'El archivo no es un ZIP válido o está dañado',
  encrypted: 'El ZIP está protegido con contraseña',
  noTxt: 'El ZIP no contiene el .txt del padrón',
  damaged: 'El archivo está dañado dentro del ZIP',
  bomb: 'El archivo está comprimido de forma anómala (posible bomba de compresión)',
  tooLarge: (gb: number) => `El padrón descomprimido supera ${gb} GB`,
  empty: 'El archivo está vacío: no tiene la fila de encabezados',
  missingColumns: (names: string[], header: string) =>
    `Faltan columnas en el encabezado: ${names.join(', ')}. Encabezado leído: '${header}'`,
  lineTooLong: (max: number) => `La línea supera ${max.toLocaleString('es-PE')} caracteres`,
  fieldCount: (expected: number, got: number) => `La línea tiene ${got} campos y el encabezado ${expected}`,
  tooManyBadLines: (n: number) =>
    `Más de ${n.toLocaleString('es-PE')} líneas no tienen el formato del padrón: no se cargó nada`,
  rucInvalid: 'El RUC no es válido (11 dígitos con dígito verificador)',
  dateInvalid: 'La fecha no es válida (DD/MM/AAAA)',
  repeated: 'El RUC ya figura en una línea anterior del archivo',
  noRows: 'El padrón no tiene ninguna fila válida: no se cargó nada',
  accepted: 'Archivo recibido: el padrón se cargará en segundo plano',
} as const

/**
 * A list's date cell as ISO. SUNAT's format is not confirmed: DD/MM/YYYY (its usual), also with '-'
 * or '.', and YYYY-MM-DD. Null when none fits or the day does not exist.
 */
export function padronDate(text: string): string | null {
  const value = text.trim()
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value)
  let [year, month, day] = m ? [Number(m[3]), Number(m[2]), Number(m[1])] : [0, 0, 0]
  if (!m) {
    m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (!m) return null
    ;[year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  }
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * Whether a RUC's estado and condición call for a warning: anything but ACTIVO and HABIDO (research
 * notes §4: BAJA DE OFICIO, BAJA DEFINITIVA, SUSPENSION TEMPORAL…, NO HABIDO, PENDIENTE, NO HALLADO…).
 */
export function rucStandingProblems(state: string, condition: string): string[] {
  const problems: string[] = []
  if (padronHeaderKey(state) !== 'ACTIVO') problems.push(`estado ${state.trim() || '---'}`)
  if (padronHeaderKey(condition) !== 'HABIDO') problems.push(`condición ${condition.trim() || '---'}`)
  return problems
}

/** What the last padrón reducido said of a RUC, and the day it is dated (ISO). */
export type RucStanding = { ruc: string; state: string; condition: string; listDate: string }

/**
 * The warning (never a block) for a supplier whose RUC is not ACTIVO or not HABIDO, citing the
 * padrón: "El RUC 20… (Proveedor S.A.C.) figura con estado BAJA DE OFICIO y condición NO HABIDO
 * según el padrón del 20/08/2026". Null when the RUC is ACTIVO and HABIDO.
 */
export function rucStandingWarning(standing: RucStanding, supplierName?: string): string | null {
  const problems = rucStandingProblems(standing.state, standing.condition)
  if (!problems.length) return null
  const [y, m, d] = standing.listDate.split('-')
  const who = supplierName ? `${standing.ruc} (${supplierName})` : standing.ruc
  return `El RUC ${who} figura con ${problems.join(' y ')} según el padrón del ${d}/${m}/${y}`
}
