import { IDENTIFIER_TYPE } from '../common/identifiers'
import { centsToSoles } from '../common/money'
import { CONCEPT_KIND } from './payroll-concepts'

/**
 * SUNAT's PLAME (PDT 601) import files and the AFPnet upload sheet, written from a payroll's lines
 * and their concepts (docs/decisions/plame-afpnet-files.md says what is confirmed and what is not).
 * Pure: the API reads the lines and sends what these give. Every line is checked before a file is
 * offered; a refusal names the line (its row in the uploaded file and its document).
 */

/** One payroll line as the files need it. */
export type DeclaredLine = {
  rowNumber: number
  identifierType: number
  identifier: string
  /** The employee's surname(s) and given names, as registered. */
  surname: string
  name: string
  ordinaryMinutes: number | null
  overtimeMinutes: number | null
  pensionSystem: string | null
  cuspp: string | null
  concepts: { code: string; kind: number; cents: number }[]
  /**
   * Where the line comes from when it is not one row of one payroll (a company's month joins a
   * worker's lines of several payrolls): named in its problems instead of the row.
   */
  source?: string
}

export type PlameFileKind = 'rem' | 'jor'

export const PLAME_FILES: Record<PlameFileKind, { label: string; structure: string }> = {
  rem: { label: 'PLAME: ingresos, tributos y descuentos (.rem)', structure: 'E18' },
  jor: { label: 'PLAME: jornada laboral (.jor)', structure: 'E14' },
}

export type FileResult<T> = { ok: true; content: T } | { ok: false; problems: string[] }

export const PLAME_MESSAGES = {
  line: (rowNumber: number, identifier: string, message: string) =>
    `Fila ${rowNumber} (documento ${identifier}): ${message}`,
  sourceLine: (source: string, identifier: string, message: string) =>
    `${source} (documento ${identifier}): ${message}`,
  pensionDiffers: 'el régimen pensionario o el CUSPP no es el mismo en todas las planillas del mes',
  noPayrollsInMonth: (period: string) =>
    `La empresa no tiene planillas vigentes del periodo ${period} con trabajadores suyos (por su contrato o su ficha)`,
  documentType: 'el tipo de documento no se declara en PLAME (solo DNI, carné de extranjería o pasaporte)',
  repeated: 'el documento ya figura en otra línea del archivo',
  negative: 'un importe es negativo',
  noConcepts: 'la línea no tiene conceptos de la tabla 22',
  noHours: 'la línea no tiene horas ordinarias',
  tooManyHours: 'las horas ordinarias o de sobretiempo superan las 360 que admite PLAME',
  noConceptsInPayroll:
    'La planilla no tiene conceptos de la tabla 22: cárguela con las columnas de conceptos para generar este archivo',
  noHoursInPayroll:
    'La planilla no tiene horas: cárguela con las columnas Horas ordinarias y Horas de sobretiempo para generar este archivo',
  noAfpLines: 'La planilla no tiene líneas con régimen pensionario AFP: no hay nada que declarar en AFPnet',
  noCuspp: 'la línea es del régimen AFP y no tiene CUSPP',
  afpnetDocumentType:
    'el tipo de documento no tiene código en AFPnet (solo DNI, carné de extranjería o pasaporte)',
  afpContribution: (expected: string, found: string) =>
    `el aporte obligatorio AFP (0608) es S/ ${found} y el 10 % de la remuneración asegurable es S/ ${expected}: revise los conceptos`,
  rucInvalid: 'El RUC de la empresa debe tener 11 dígitos',
} as const

/** PLAME's table 3 codes for the document types a worker may have (ours are SUNAT's codes too). */
const PLAME_DOCUMENT_TYPE: Record<number, string> = {
  [IDENTIFIER_TYPE.DNI]: '01',
  4: '04',
  7: '07',
}

/** AFPnet's own document codes (0 DNI, 1 carné de extranjería, 4 pasaporte). */
const AFPNET_DOCUMENT_TYPE: Record<number, number> = { [IDENTIFIER_TYPE.DNI]: 0, 4: 1, 7: 4 }

const CRLF = '\r\n'

/** `0601` + AAAAMM + RUC + extension, as SUNAT names the files (e.g. 0601202606201003386111.rem). */
export const plameFileName = (period: string, ruc: string, kind: PlameFileKind) =>
  `0601${period}${ruc}.${kind}`
export const afpnetFileName = (period: string, ruc: string) => `afpnet-${period}-${ruc}.xlsx`

/** A refusal naming the line: its row, or where it comes from when it joins several. */
const lineProblem = (line: DeclaredLine, message: string) =>
  line.source
    ? PLAME_MESSAGES.sourceLine(line.source, line.identifier, message)
    : PLAME_MESSAGES.line(line.rowNumber, line.identifier, message)

/** Fields joined by `|`, with the trailing `|` every PLAME line carries. */
const record = (fields: readonly string[]) => `${fields.join('|')}|`

/**
 * A file written a slice of lines at a time (a payroll's lines are read in batches): the documents
 * seen so far, the problems and the text. `finish` offers the file only when no line was refused.
 */
abstract class PlameWriter {
  protected readonly seen = new Set<string>()
  protected readonly problems: string[] = []
  protected readonly chunks: string[] = []
  protected any = false

  add(lines: readonly DeclaredLine[]) {
    for (const line of lines) {
      const refuse = (m: string) => this.problems.push(lineProblem(line, m))
      const type = PLAME_DOCUMENT_TYPE[line.identifierType]
      if (!type) {
        refuse(PLAME_MESSAGES.documentType)
        continue
      }
      const key = `${type}|${line.identifier}`
      if (this.seen.has(key)) {
        refuse(PLAME_MESSAGES.repeated)
        continue
      }
      this.seen.add(key)
      this.line(line, type, refuse)
    }
  }

  protected abstract line(line: DeclaredLine, type: string, refuse: (message: string) => void): void
  protected abstract readonly empty: string

  finish(): FileResult<string> {
    if (!this.any) return { ok: false, problems: [this.empty] }
    return this.problems.length
      ? { ok: false, problems: this.problems }
      : { ok: true, content: this.chunks.join('') }
  }
}

/**
 * `.rem` (structure E18): one line per worker and concept: tipo doc · nº doc · código (tabla 22) ·
 * monto devengado · monto pagado/descontado, both the concept's amount (what the payroll paid).
 */
export class RemWriter extends PlameWriter {
  protected readonly empty = PLAME_MESSAGES.noConceptsInPayroll

  protected line(line: DeclaredLine, type: string, refuse: (message: string) => void) {
    if (!line.concepts.length) return refuse(PLAME_MESSAGES.noConcepts)
    this.any = true
    if (line.concepts.some((c) => c.cents < 0)) return refuse(PLAME_MESSAGES.negative)
    let text = ''
    for (const c of line.concepts) {
      const amount = centsToSoles(c.cents)
      text += record([type, line.identifier, c.code, amount, amount]) + CRLF
    }
    this.chunks.push(text)
  }
}

/**
 * `.jor` (structure E14): one line per worker: tipo doc · nº doc · horas ordinarias · minutos
 * ordinarios · horas de sobretiempo · minutos de sobretiempo (hours ≤ 360, minutes ≤ 59).
 */
export class JorWriter extends PlameWriter {
  protected readonly empty = PLAME_MESSAGES.noHoursInPayroll

  protected line(line: DeclaredLine, type: string, refuse: (message: string) => void) {
    const ordinary = line.ordinaryMinutes
    const overtime = line.overtimeMinutes ?? 0
    if (ordinary === null) return refuse(PLAME_MESSAGES.noHours)
    this.any = true
    if (ordinary < 0 || overtime < 0) return refuse(PLAME_MESSAGES.negative)
    if (ordinary > 360 * 60 || overtime > 360 * 60) return refuse(PLAME_MESSAGES.tooManyHours)
    const hm = (minutes: number) => [String(Math.floor(minutes / 60)), String(minutes % 60)]
    this.chunks.push(record([type, line.identifier, ...hm(ordinary), ...hm(overtime)]) + CRLF)
  }
}

const whole = (writer: PlameWriter, lines: readonly DeclaredLine[]) => {
  writer.add(lines)
  return writer.finish()
}
export const remFile = (lines: readonly DeclaredLine[]) => whole(new RemWriter(), lines)
export const jorFile = (lines: readonly DeclaredLine[]) => whole(new JorWriter(), lines)

/** One row of the AFPnet sheet: columns A to Q, in order. */
export type AfpnetRow = [
  number,
  string,
  number,
  string,
  string,
  string,
  string,
  'S' | 'N',
  'S' | 'N',
  'S' | 'N',
  string,
  number,
  number,
  number,
  number,
  'N' | 'C' | 'M' | 'P',
  string,
]

/** The income of a line (its kind-1 concepts), the remuneración asegurable, in céntimos. */
export const insurableCents = (line: DeclaredLine) =>
  line.concepts.reduce((sum, c) => (c.kind === CONCEPT_KIND.INCOME ? sum + c.cents : sum), 0)

/** 10 % of an amount in céntimos, rounded half up to the céntimo. */
const tenPercent = (cents: number) => Math.floor((cents + 5) / 10)

/**
 * The AFPnet upload sheet (17 columns A–Q, no header row), one row per AFP line: sequence, CUSPP,
 * AFPnet's document code, document, surnames and names, relación laboral S, inicio N, cese N, no
 * exception, remuneración asegurable (the line's income), no voluntary contributions, tipo de
 * trabajo N (normal), AFP blank (AFPnet finds it from the CUSPP). A line with 0608 must carry 10 %
 * of that income, else it is refused: the income would not be the insurable pay.
 */
export class AfpnetWriter {
  private readonly seen = new Set<string>()
  private readonly problems: string[] = []
  private readonly rows: AfpnetRow[] = []
  private any = false

  add(lines: readonly DeclaredLine[]) {
    for (const line of lines) {
      if (line.pensionSystem !== 'AFP') continue
      this.any = true
      const refuse = (m: string) => this.problems.push(lineProblem(line, m))
      const type = AFPNET_DOCUMENT_TYPE[line.identifierType]
      if (type === undefined) {
        refuse(PLAME_MESSAGES.afpnetDocumentType)
        continue
      }
      if (this.seen.has(`${type}|${line.identifier}`)) {
        refuse(PLAME_MESSAGES.repeated)
        continue
      }
      this.seen.add(`${type}|${line.identifier}`)
      if (!line.cuspp) {
        refuse(PLAME_MESSAGES.noCuspp)
        continue
      }
      const insurable = insurableCents(line)
      const contribution = line.concepts.find((c) => c.code === '0608')
      if (contribution && contribution.cents !== tenPercent(insurable)) {
        refuse(
          PLAME_MESSAGES.afpContribution(
            centsToSoles(tenPercent(insurable)),
            centsToSoles(contribution.cents),
          ),
        )
        continue
      }
      if (insurable < 0) {
        refuse(PLAME_MESSAGES.negative)
        continue
      }
      const [paternal, ...rest] = line.surname.trim().split(/\s+/)
      this.rows.push([
        this.rows.length + 1,
        line.cuspp,
        type,
        line.identifier,
        paternal ?? '',
        rest.join(' '),
        line.name.trim(),
        'S',
        'N',
        'N',
        '',
        insurable / 100,
        0,
        0,
        0,
        'N',
        '',
      ])
    }
  }

  finish(): FileResult<AfpnetRow[]> {
    if (!this.any) return { ok: false, problems: [PLAME_MESSAGES.noAfpLines] }
    return this.problems.length ? { ok: false, problems: this.problems } : { ok: true, content: this.rows }
  }
}

export function afpnetRows(lines: readonly DeclaredLine[]): FileResult<AfpnetRow[]> {
  const writer = new AfpnetWriter()
  writer.add(lines)
  return writer.finish()
}

/** One payroll line of a month, with the payroll it belongs to. */
export type MonthLine = DeclaredLine & { payrollCode: string }

/**
 * A worker's lines of one month in several payrolls (a company declares the month once, in one
 * PLAME and one AFPnet file), as one declared line: each concept summed by its code, in the order
 * first seen; hours summed (none when no payroll gave them); the pension system and CUSPP, which
 * must be the same wherever given. The line names its payrolls and rows in its problems.
 */
export function joinWorkerLines(lines: readonly MonthLine[]): { line: DeclaredLine; problems: string[] } {
  const [first] = lines
  const concepts = new Map<string, { code: string; kind: number; cents: number }>()
  let ordinary: number | null = null
  let overtime: number | null = null
  const pension = new Set<string>()
  for (const line of lines) {
    for (const c of line.concepts) {
      const known = concepts.get(c.code)
      if (known) known.cents += c.cents
      else concepts.set(c.code, { ...c })
    }
    if (line.ordinaryMinutes !== null) ordinary = (ordinary ?? 0) + line.ordinaryMinutes
    if (line.overtimeMinutes !== null) overtime = (overtime ?? 0) + line.overtimeMinutes
    if (line.pensionSystem !== null || line.cuspp !== null) pension.add(`${line.pensionSystem}|${line.cuspp}`)
  }
  const given = lines.find((l) => l.pensionSystem !== null || l.cuspp !== null)
  const line: DeclaredLine = {
    rowNumber: first.rowNumber,
    identifierType: first.identifierType,
    identifier: first.identifier,
    surname: first.surname,
    name: first.name,
    ordinaryMinutes: ordinary,
    overtimeMinutes: overtime,
    pensionSystem: given?.pensionSystem ?? null,
    cuspp: given?.cuspp ?? null,
    concepts: [...concepts.values()],
    source: lines.map((l) => `Planilla ${l.payrollCode}, fila ${l.rowNumber}`).join('; '),
  }
  return { line, problems: pension.size > 1 ? [lineProblem(line, PLAME_MESSAGES.pensionDiffers)] : [] }
}
