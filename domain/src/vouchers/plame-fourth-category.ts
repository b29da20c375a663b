import { formatDate } from '../common/format'
import { centsToSoles } from '../common/money'

/**
 * PLAME's fourth-category files of a month (docs/decisions/tax-rules.md, 'Cuarta categoría'): the
 * recibos por honorarios PAID in the month (declared by payment date), `0601AAAAMMRUC.ps4` (one
 * line per provider) and `0601AAAAMMRUC.4ta` (one line per receipt), a `|` after every field and
 * CRLF after every line — confirmed by two sources (a payroll application citing SUNAT's Anexo 3
 * sheets 'E7-PS 4ta' and 'E20-PS4.Comp.', and an Odoo wizard). Where the two sources disagree, the
 * choice below is marked UNCONFIRMED: import one file in the PDT before relying on it.
 */

/** A receipt as the files read it: its provider and what was paid and withheld. */
export type FourthCategoryReceipt = {
  supplierRuc: string
  supplierName: string
  series: string
  number: number
  issueDate: string
  paidOn: string
  /** The gross fee (the receipt's total). */
  totalCents: number
  /** What was withheld at payment (0: none). */
  fourthCategoryCents: number
}

/** Tabla 3: the provider's document, a RUC. */
const RUC_DOCUMENT = '06'
/** Tabla 23: 'R' recibo por honorarios. */
const RECEIPT = 'R'
/** Domiciliado: `1` in both sources (they disagree only on the code of a non-domiciled provider). */
const DOMICILED = '1'
/** Tabla 25: `0` no double-taxation agreement. */
const NO_AGREEMENT = '0'
/**
 * Régimen pensionario: UNCONFIRMED. The payroll application writes `3` (none) with the contribution
 * blank; the Odoo wizard leaves both blank. `3` with a blank contribution is written: the product
 * records no pension regime for providers.
 */
const NO_PENSION = '3'

/** `0601` + AAAAMM + the declaring company's RUC + the extension. */
export const plameFourthCategoryFileName = (period: string, companyRuc: string, kind: 'ps4' | '4ta') =>
  `0601${period}${companyRuc}.${kind}`

/**
 * Text as the files write it: upper case, accent-free ASCII (Ñ → N), anything but letters, digits
 * and spaces to a space, spaces collapsed. The sources disagree on the encoding (ISO-8859-1 as
 * stored vs accent-free ASCII); accent-free ASCII satisfies both.
 */
export function plameText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The most characters of the provider's names (both sources; the payroll application refuses more). */
export const PLAME_NAMES_MAX = 40

/**
 * A natural person's name split as the .ps4 asks (paternal surname, maternal surname, names). The
 * product stores one name; SUNAT's RUC registry writes a natural person's as 'PATERNO MATERNO
 * NOMBRES', so the first word is taken as the paternal surname, the second as the maternal, the rest
 * as the names. UNCONFIRMED: a compound surname ('DE LA CRUZ') is split wrong; check the file.
 */
export function plameNames(name: string): { paternal: string; maternal: string; names: string } {
  const [paternal = '', maternal = '', ...rest] = plameText(name).split(' ')
  return { paternal, maternal, names: rest.join(' ') }
}

const line = (fields: string[]) => `${fields.map((f) => `${f}|`).join('')}\r\n`

/**
 * Amounts with two decimals ('2000.00'): UNCONFIRMED. The payroll application writes them so; the
 * Odoo wizard drops '.00' ('2000'). The two decimals are kept (a fee with céntimos needs them).
 */
const amount = (cents: number) => centsToSoles(cents)

/** What keeps a provider out of the files, in Spanish: a names part longer than the layout allows. */
export function plameReceiptProblems(receipts: readonly FourthCategoryReceipt[]): string[] {
  const seen = new Set<string>()
  const problems: string[] = []
  for (const r of receipts) {
    if (seen.has(r.supplierRuc)) continue
    seen.add(r.supplierRuc)
    const { names } = plameNames(r.supplierName)
    if (names.length > PLAME_NAMES_MAX)
      problems.push(
        `Los nombres del proveedor con R.U.C. ${r.supplierRuc} pasan de ${PLAME_NAMES_MAX} caracteres: corríjalos en sus datos`,
      )
  }
  return problems
}

/** `.ps4`: one line per provider (no document repeated), in the order of their first receipt. */
export function plamePs4(receipts: readonly FourthCategoryReceipt[]): string {
  const seen = new Set<string>()
  let text = ''
  for (const r of receipts) {
    if (seen.has(r.supplierRuc)) continue
    seen.add(r.supplierRuc)
    const { paternal, maternal, names } = plameNames(r.supplierName)
    text += line([RUC_DOCUMENT, r.supplierRuc, paternal, maternal, names, DOMICILED, NO_AGREEMENT])
  }
  return text
}

/**
 * `.4ta`: one line per receipt — document, type R, series, number, the gross fee, issue and payment
 * dates (dd/mm/aaaa), whether the retention was withheld (1/0), the pension regime and a blank
 * contribution.
 */
export function plame4ta(receipts: readonly FourthCategoryReceipt[]): string {
  return receipts
    .map((r) =>
      line([
        RUC_DOCUMENT,
        r.supplierRuc,
        RECEIPT,
        r.series,
        String(r.number),
        amount(r.totalCents),
        formatDate(r.issueDate),
        formatDate(r.paidOn),
        r.fourthCategoryCents > 0 ? '1' : '0',
        NO_PENSION,
        '',
      ]),
    )
    .join('')
}
