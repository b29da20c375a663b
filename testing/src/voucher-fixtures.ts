import { VOUCHER_TEMPLATE_HEADERS, VOUCHER_TEMPLATE_SHEET } from '@planillas/domain'
import ExcelJS from 'exceljs'

/** One vouchers row, in the template's column order. */
export type VoucherFixtureRow = readonly unknown[]

/**
 * A vouchers workbook ('Carga de comprobantes') as a clerk's spreadsheet program writes it; rows
 * listed in `hidden` (1-based sheet rows) are hidden.
 */
export async function vouchersWorkbook(
  rows: VoucherFixtureRow[],
  options: {
    header?: readonly unknown[]
    hidden?: number[]
    /** A second sheet with data (refused: only one is read). */
    extraSheet?: { name: string; rows: unknown[][] }
  } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(VOUCHER_TEMPLATE_SHEET)
  sheet.addRow([...(options.header ?? VOUCHER_TEMPLATE_HEADERS)])
  for (const row of rows) sheet.addRow([...row])
  for (const n of options.hidden ?? []) sheet.getRow(n).hidden = true
  if (options.extraSheet) {
    const extra = workbook.addWorksheet(options.extraSheet.name)
    for (const row of options.extraSheet.rows) extra.addRow(row)
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A factura row: S/ 1,000 + IGV S/ 180 = S/ 1,180, issued on `day`, due 30 days later as text. */
export const facturaRow = (
  ruc: string,
  number: number,
  day: string,
  overrides: Record<number, unknown> = {},
) => {
  const row: unknown[] = [
    ruc,
    '01',
    'F001',
    String(number),
    day,
    day,
    1000,
    180,
    1180,
    'Servicio de limpieza',
    'LG-0001',
    '',
  ]
  for (const [i, value] of Object.entries(overrides)) row[Number(i)] = value
  return row
}
