import {
  readSheetRowBatches as readBatches,
  type SheetRow,
  type XlsxPackage,
} from '@planillas/formats/xlsx-package'

export type { SheetRow }

/**
 * The rows of a checked package's sheet, streamed by our own reader (formats/src/xlsx-sheet.ts: the
 * exceljs reader stored wrong values for files other writers make), in batches: one await per
 * inflated chunk, not per row. `onProgress` gets the fraction of the sheet read so far.
 */
export const readSheetRowBatches = (
  pkg: XlsxPackage,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<SheetRow[]> => readBatches(pkg, onProgress)

/** The same rows one by one. */
export async function* readSheetRows(
  pkg: XlsxPackage,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<SheetRow> {
  for await (const batch of readBatches(pkg, onProgress)) yield* batch
}
