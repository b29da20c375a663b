import { encodeWindows1252 } from './common'

/**
 * A fixed-width file's bytes: each record in Windows-1252 followed by CRLF, written in slices so a
 * 100,000-line file never needs one huge string.
 */
export function encodeRecords(records: readonly string[], slice = 2000): Uint8Array[] {
  const chunks: Uint8Array[] = []
  for (let at = 0; at < records.length; at += slice)
    chunks.push(encodeWindows1252(`${records.slice(at, at + slice).join('\r\n')}\r\n`))
  return chunks
}
