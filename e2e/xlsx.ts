import type { Download } from '@playwright/test'
import ExcelJS from 'exceljs'

const two = (n: number) => String(n).padStart(2, '0')

/**
 * A cell as a spreadsheet shows it: a date cell (a number in a date format, read by exceljs as a
 * UTC-nominal Date) as DD/MM/YYYY, with hh:mm AM/PM when its format has the time.
 */
function shown(cell: ExcelJS.Cell): string {
  const v = cell.value
  if (v == null) return ''
  if (!(v instanceof Date)) return String(v)
  const day = `${two(v.getUTCDate())}/${two(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`
  if (!/h/.test(cell.numFmt ?? '')) return day
  // 'hh:mm AM/PM', as the screens show a time (formatDateTime).
  const hours = v.getUTCHours()
  return `${day} ${two(hours % 12 || 12)}:${two(v.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
}

/** Opens a downloaded workbook and returns its first sheet's rows (header first) as they show. */
export async function readDownloadedSheet(download: Download): Promise<string[][]> {
  const path = await download.path()
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const rows: string[][] = []
  workbook.worksheets[0].eachRow((row) => {
    const width = (row.values as unknown[]).length - 1
    rows.push(Array.from({ length: width }, (_, i) => shown(row.getCell(i + 1))))
  })
  return rows
}

/** Whether a downloaded sheet's cell holds a real date (not text that looks like one). */
export async function isDateCell(download: Download, row: number, column: number): Promise<boolean> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  const cell = workbook.worksheets[0].getRow(row).getCell(column)
  return cell.value instanceof Date && /dd\/mm\/yyyy/.test(cell.numFmt ?? '')
}
