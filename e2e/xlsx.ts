import type { Download } from '@playwright/test'
import ExcelJS from 'exceljs'

/** Opens a downloaded workbook and returns its first sheet's rows (header first) as text. */
export async function readDownloadedSheet(download: Download): Promise<string[][]> {
  const path = await download.path()
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const rows: string[][] = []
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))))
  })
  return rows
}
