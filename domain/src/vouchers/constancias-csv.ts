import { solesToCents } from '../common/money'

/**
 * SUNAT's monthly list of deposited detracciones, downloaded as CSV with ';' between fields: the
 * constancia number, the period, the supplier's RUC, the payment date, the amount, the type of good
 * (catalogue-54 code) and the voucher's series and number. A header row, if any, is skipped.
 */
export type ConstanciaRow = {
  rowNumber: number
  constancia: string
  period: string
  supplierRuc: string
  /** 'AAAA-MM-DD'. */
  depositedOn: string
  amountCents: number
  spotCode: string
  series: string
  number: number
}

export type ConstanciaProblem = { rowNumber: number; message: string }

const field = (text: string) =>
  text
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()

/** '25/11/2026' or '2026-11-25' → '2026-11-25'; null when it is not a real date. */
function isoDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) ?? null
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null
  if (!iso) return null
  const d = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso
}

export const CONSTANCIA_MESSAGES = {
  columns: (n: number) => `La fila tiene ${n} campos: se esperan 7 separados por ';'`,
  constancia: 'El número de constancia debe tener solo dígitos (hasta 20)',
  period: 'El periodo debe ser AAAAMM',
  ruc: 'El R.U.C. del proveedor debe tener 11 dígitos',
  date: 'La fecha de pago debe ser DD/MM/AAAA',
  amount: 'El monto debe ser un número positivo con hasta 2 decimales, sin comas',
  number: "La serie y número deben ser 'SERIE-NÚMERO' (p. ej. F001-123)",
  empty: 'El archivo no tiene filas de constancias',
} as const

/** What is wrong with a row's fields, in Spanish; null when every field is right. */
function checkRow(cells: string[]): string | null {
  if (cells.length !== 7) return CONSTANCIA_MESSAGES.columns(cells.length)
  const [constancia, period, ruc, date, amount, , seriesNumber] = cells
  const amountCents = /^\d+(\.\d{1,2})?$/.test(amount) ? solesToCents(amount) : null
  const sn = /^([A-Z0-9]{4})-0*(\d{1,8})$/i.exec(seriesNumber)
  if (!/^\d{1,20}$/.test(constancia)) return CONSTANCIA_MESSAGES.constancia
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(period)) return CONSTANCIA_MESSAGES.period
  if (!/^\d{11}$/.test(ruc)) return CONSTANCIA_MESSAGES.ruc
  if (!isoDate(date)) return CONSTANCIA_MESSAGES.date
  if (amountCents === null || amountCents <= 0) return CONSTANCIA_MESSAGES.amount
  if (!sn || Number(sn[2]) === 0) return CONSTANCIA_MESSAGES.number
  return null
}

/** Reads the file: every row parsed, or its problem named by row. */
export function readConstancias(text: string): { rows: ConstanciaRow[]; problems: ConstanciaProblem[] } {
  const rows: ConstanciaRow[] = []
  const problems: ConstanciaProblem[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    const rowNumber = index + 1
    if (!line.trim()) continue
    const cells = line.split(';').map(field)
    // A header names its columns: its first field is not a number.
    if (index === 0 && !/^\d/.test(cells[0] ?? '')) continue
    const problem = checkRow(cells)
    if (problem) {
      problems.push({ rowNumber, message: problem })
      continue
    }
    const [constancia, period, ruc, date, amount, code, seriesNumber] = cells
    const sn = /^([A-Z0-9]{4})-0*(\d{1,8})$/i.exec(seriesNumber) as RegExpExecArray
    rows.push({
      rowNumber,
      constancia,
      period,
      supplierRuc: ruc,
      depositedOn: isoDate(date) as string,
      amountCents: solesToCents(amount) as number,
      spotCode: code,
      series: sn[1].toUpperCase(),
      number: Number(sn[2]),
    })
  }
  if (!rows.length && !problems.length) problems.push({ rowNumber: 0, message: CONSTANCIA_MESSAGES.empty })
  return { rows, problems }
}
