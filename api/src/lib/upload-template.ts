import { identifierType, TEMPLATE_NOTES_HEADERS, TEMPLATE_NOTES_SHEET } from '@planillas/domain'
import { safeCell } from '@planillas/formats/xlsx-safe-cell'

export type TemplateColumn = { header: string; key: string; width: number; note: string }

export type UploadTemplate = {
  /** The sheet read on upload. */
  sheetName: string
  columns: readonly TemplateColumn[]
  /** Columns typed as text, so that leading zeros and long numbers survive Excel. */
  textColumns: ReadonlySet<string>
  example: (string | number)[]
  /** The rules of the whole file, each a row 'Importante' of the notes. */
  important: string[]
  /** Optional columns the sheet does not carry but a file may add: a title row, then each with its note. */
  optionalColumns?: { title: string; columns: readonly { header: string; note: string }[] }
  /** Code lists after the document types (the banks, say): a title row, then code and name. */
  codeLists?: { title: [string, string]; rows: [string, string][] }[]
}

/**
 * A spreadsheet template for an upload: the sheet with the headers (frozen, coloured) and one
 * example row, and a sheet 'Notas' explaining each column, the rules of the file, the document-type
 * codes and any other code list. Only the first sheet is read on upload; the notes may stay. Every
 * text goes through `safeCell` (exceljs has no quote-prefix style, which the streamed exports use):
 * code lists hold names people typed (a bank named `=HYPERLINK(…)`).
 */
export async function uploadTemplate(template: UploadTemplate): Promise<Buffer> {
  // Loaded on the first download: exceljs weighs on every API process's memory at rest.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Planillas'
  const sheet = workbook.addWorksheet(template.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = template.columns.map((c) => ({
    header: safeCell(c.header) as string,
    key: c.key,
    width: c.width,
    style: template.textColumns.has(c.key)
      ? { numFmt: '@' }
      : c.key === 'amount'
        ? { numFmt: '#,##0.00' }
        : {},
  }))
  sheet.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } }
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0288D1' } }
  sheet.addRow(template.example.map(safeCell))

  // Its header is how an upload knows this sheet for the template's own notes (a workbook may keep it).
  const notes = workbook.addWorksheet(TEMPLATE_NOTES_SHEET)
  notes.columns = [
    { header: TEMPLATE_NOTES_HEADERS[0], key: 'column', width: 26 },
    { header: TEMPLATE_NOTES_HEADERS[1], key: 'note', width: 110 },
  ]
  notes.getRow(1).font = { bold: true }
  const note = (column: string, text: string) =>
    notes.addRow({ column: safeCell(column), note: safeCell(text) })
  for (const c of template.columns) note(c.header, c.note)
  if (template.optionalColumns) {
    notes.addRow({})
    note(template.optionalColumns.title, '').font = { bold: true }
    for (const c of template.optionalColumns.columns) note(c.header, c.note)
  }
  notes.addRow({})
  for (const text of template.important) note('Importante', text)
  const documentTypes: [string, string][] = Object.entries(identifierType).map(([code, t]) => [code, t.label])
  const lists = [
    { title: ['Tipo de documento', 'Código y descripción'] as [string, string], rows: documentTypes },
    ...(template.codeLists ?? []),
  ]
  for (const list of lists) {
    notes.addRow({})
    note(...list.title).font = { bold: true }
    for (const [column, text] of list.rows) note(column, text)
  }
  notes.getColumn('note').alignment = { wrapText: true, vertical: 'top' }
  notes.getColumn('column').alignment = { vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
