declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type ExcelJS from 'exceljs'

  /** exceljs' streaming reader, loaded on its own (the package types it as stream.xlsx.WorkbookReader). */
  const WorkbookReader: typeof ExcelJS.stream.xlsx.WorkbookReader
  export default WorkbookReader
}
