import { CPE_ZIP_LIMITS as L, CPE_ZIP_MESSAGES as M } from '@planillas/domain'
import { inflateChunks, readZipEntries, type ZipEntry, ZipError } from './xlsx-zip'

/**
 * A ZIP of supplier CPEs: XMLs, each with its PDF matched by file name (`F001-123.xml` and
 * `F001-123.pdf`, folders ignored). Bounded like the xlsx reader (formats/src/xlsx-zip.ts): the
 * central directory is bounds-checked, the number of entries capped, an entry whose declared
 * ratio is a bomb's is refused before inflating, and inflating counts real bytes against each
 * entry's ceiling and the ZIP's total (a header that lies about sizes gains nothing).
 */
export class CpeZipError extends Error {}

export type CpeZipFile = { name: string; xml: Buffer; pdf?: { name: string; content: Buffer } }
export type CpeZipProblem = { file: string; message: string }

const stem = (name: string) => name.replace(/\.[^.]*$/, '').toLowerCase()
const base = (name: string) => name.split('/').at(-1) ?? name

/** Lists a ZIP's entries or throws `CpeZipError` with the clerk's message. */
export function cpeZipEntries(zip: Buffer): ZipEntry[] {
  let entries: Map<string, ZipEntry>
  try {
    entries = readZipEntries(zip)
  } catch (error) {
    if (error instanceof ZipError)
      throw new CpeZipError(error.reason === 'encrypted' ? M.encrypted : M.notZip)
    throw error
  }
  // Folders, and what an archiver adds of its own (macOS' __MACOSX/, hidden files), are not the clerk's.
  const files = [...entries.values()].filter(
    (e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !base(e.name).startsWith('.'),
  )
  if (files.length > L.maxEntries) throw new CpeZipError(M.tooManyEntries(L.maxEntries))
  return files
}

/**
 * The ZIP's XMLs with their PDFs, and every problem of its entries (another kind of file, a name
 * repeated, a PDF without its XML, an entry too large or a bomb). Throws `CpeZipError` when the ZIP
 * cannot be read at all or passes the ZIP's own limits.
 */
export async function readCpeZip(zip: Buffer): Promise<{ files: CpeZipFile[]; problems: CpeZipProblem[] }> {
  const entries = cpeZipEntries(zip)
  const problems: CpeZipProblem[] = []
  const xmls = new Map<string, ZipEntry>()
  const pdfs = new Map<string, ZipEntry>()
  for (const entry of entries) {
    const name = base(entry.name)
    const kind = /\.xml$/i.test(name) ? xmls : /\.pdf$/i.test(name) ? pdfs : null
    if (!kind) {
      problems.push({ file: entry.name, message: M.otherFile })
      continue
    }
    if (kind.has(stem(name))) {
      problems.push({ file: entry.name, message: M.repeated })
      continue
    }
    kind.set(stem(name), entry)
  }
  if (xmls.size === 0) throw new CpeZipError(M.noXml)
  if (xmls.size > L.maxXmls) throw new CpeZipError(M.tooManyXmls(L.maxXmls))
  for (const [key, entry] of pdfs)
    if (!xmls.has(key)) problems.push({ file: entry.name, message: M.pdfWithoutXml })

  let total = 0
  const inflate = async (entry: ZipEntry, max: number): Promise<Buffer | null> => {
    if (entry.uncompressedSize > max) {
      problems.push({ file: entry.name, message: M.entryTooLarge(max / 1024 / 1024) })
      return null
    }
    if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > L.maxRatio) {
      problems.push({ file: entry.name, message: M.bomb })
      return null
    }
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of inflateChunks(zip, entry)) {
        size += chunk.length
        total += chunk.length
        // More than declared is a lie; past the ZIP's total, it is a bomb whatever the headers say.
        if (size > entry.uncompressedSize || size > max) {
          problems.push({ file: entry.name, message: M.bomb })
          return null
        }
        if (total > L.maxTotalBytes) throw new CpeZipError(M.totalTooLarge(L.maxTotalBytes / 1024 / 1024))
        chunks.push(chunk)
      }
    } catch (error) {
      if (error instanceof ZipError) {
        problems.push({ file: entry.name, message: M.damaged })
        return null
      }
      throw error
    }
    if (size !== entry.uncompressedSize) {
      problems.push({ file: entry.name, message: M.damaged })
      return null
    }
    return Buffer.concat(chunks)
  }

  const files: CpeZipFile[] = []
  for (const [key, entry] of xmls) {
    const xml = await inflate(entry, L.maxXmlBytes)
    const pdfEntry = pdfs.get(key)
    const pdf = pdfEntry ? await inflate(pdfEntry, L.maxPdfBytes) : null
    if (!xml || (pdfEntry && !pdf)) continue
    files.push({
      name: entry.name,
      xml,
      ...(pdfEntry && pdf ? { pdf: { name: base(pdfEntry.name), content: pdf } } : {}),
    })
  }
  files.sort((a, b) => a.name.localeCompare(b.name))
  return { files, problems }
}
