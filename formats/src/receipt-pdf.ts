import { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree, PDFRef } from '@cantoo/pdf-lib'

/**
 * Opening a PDF receipt (constancia) the same way at upload (API) and in the worker: parsed, not
 * recognised by its first bytes, and decrypted when it is encrypted with an empty user password
 * (banks often send those: they open without asking, but their content is RC4/AES-encrypted).
 * `@cantoo/pdf-lib` is pdf-lib with the standard security handler; pdf-lib itself can only load
 * such a file with `ignoreEncryption`, and its copied pages come out garbled.
 *
 * Cost is bounded: the bytes are at most 10 MB, the parser yields to the event loop every few
 * objects (pdf-lib's `parseSpeed`), and the pages are counted by walking the page tree only until
 * the limit is passed, so a 20,000-page file is never opened page by page.
 */

export type ReceiptPdfProblem = 'unreadable' | 'password' | 'no-pages' | 'too-many-pages'

export type ReceiptPdfInspection = { ok: true; pages: number } | { ok: false; problem: ReceiptPdfProblem }

/** A receipt that needs a password to open: only an empty user password is tried. */
export class ReceiptPasswordError extends Error {}

/**
 * Loads the receipt, decrypting it when it opens with an empty user password. A plain file is
 * parsed strictly (an invalid object makes it unreadable, as before); an encrypted one cannot be,
 * because its strings and object streams only parse once decrypted, so it is parsed leniently.
 */
export async function openReceiptPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const options = { updateMetadata: false } as const
  try {
    return await PDFDocument.load(bytes, { ...options, throwOnInvalidObject: true })
  } catch (strictError) {
    const probe = await PDFDocument.load(bytes, { ...options, ignoreEncryption: true }).catch(() => null)
    if (!probe?.isEncrypted) throw strictError
  }
  try {
    return await PDFDocument.load(bytes, { ...options, password: '' })
  } catch (error) {
    if (/password/i.test(String((error as Error)?.message))) throw new ReceiptPasswordError()
    throw error
  }
}

/**
 * Whether the receipt can be merged: it parses (decrypted), has between 1 and `maxPages` pages,
 * and every page has a size (or it could not be copied and stamped).
 */
export async function inspectReceiptPdf(bytes: Uint8Array, maxPages: number): Promise<ReceiptPdfInspection> {
  let doc: PDFDocument
  try {
    doc = await openReceiptPdf(bytes)
  } catch (error) {
    return { ok: false, problem: error instanceof ReceiptPasswordError ? 'password' : 'unreadable' }
  }
  try {
    const pages = countPagesUpTo(doc, maxPages + 1)
    if (pages === 0) return { ok: false, problem: 'no-pages' }
    if (pages > maxPages) return { ok: false, problem: 'too-many-pages' }
    const loaded = doc.getPages()
    if (loaded.length !== pages) return { ok: false, problem: 'unreadable' }
    for (const page of loaded) page.getSize()
    return { ok: true, pages }
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
}

/**
 * The leaves of the page tree, counted without building page objects, stopping at `stopAt`. The
 * /Count entries are not trusted (a file can say anything); cycles count as unreadable.
 */
export function countPagesUpTo(doc: PDFDocument, stopAt: number): number {
  const root = doc.catalog.lookup(PDFName.of('Pages'), PDFDict)
  const pending: PDFDict[] = [root]
  const seen = new Set<PDFDict>([root])
  let pages = 0
  while (pending.length) {
    const node = pending.pop() as PDFDict
    const kids = node.lookup(PDFName.of('Kids'))
    if (!(kids instanceof PDFArray)) throw new Error('Page tree node without /Kids')
    for (let i = 0; i < kids.size(); i++) {
      const ref = kids.get(i)
      const kid = ref instanceof PDFRef ? doc.context.lookup(ref) : ref
      if (!(kid instanceof PDFDict)) throw new Error('Page tree kid is not a dictionary')
      if (seen.has(kid)) throw new Error('Page tree with a cycle')
      seen.add(kid)
      if (kid instanceof PDFPageTree || kid.get(PDFName.of('Type')) === PDFName.of('Pages')) pending.push(kid)
      else if (kid instanceof PDFPageLeaf || kid.get(PDFName.of('Type')) === PDFName.of('Page')) {
        pages++
        if (pages >= stopAt) return pages
      } else throw new Error('Page tree kid of an unknown type')
    }
  }
  return pages
}
