import { companies, type Database, expenseLines } from '@planillas/db'
import {
  CPE_MESSAGES,
  type CpeDocument,
  type DeclaredTerms,
  declaredTermsOf,
  todayInLima,
  VOUCHER_MESSAGES,
  type VoucherRowValues,
  CPE_ZIP_MESSAGES as Z,
} from '@planillas/domain'
import { type CpeRoot, CpeXmlError, readCpe } from '@planillas/formats/cpe-xml'
import { type CpeZipFile, readCpeZip } from '@planillas/formats/cpe-zip'
import type { FileStorage } from '@planillas/storage'
import { eq } from 'drizzle-orm'
import type { FileProblem } from './batch-store'
import { resolveRows, type StoredAttachment } from './import-vouchers'

/** How a ZIP's problems are listed: the file in the ZIP as the value, under the column 'Archivo'. */
const FILE_COLUMN = 'Archivo'
const problemOf = (file: string, message: string): FileProblem => ({
  rowNumber: null,
  column: FILE_COLUMN,
  value: file,
  message,
})

type Row = VoucherRowValues & { rowNumber: number }

/**
 * Reads a ZIP of CPEs into the rows of 'Carga de comprobantes': each XML read and checked
 * (`readCpe`), validated against the UBL 2.1 schemas (one xmllint for all), its receiver the
 * batch's company, its dates usable; then the rows resolved against the database as the Excel's
 * are (`resolveRows`: the supplier by the issuer's RUC, the number free, a credit note's voucher).
 * Every problem is listed with its file; rows are returned only when there is none.
 */
export async function readZipRows(
  db: Database,
  batch: { companyId: number; expenseLineId: number | null },
  zip: Buffer,
  onProgress: (done: number, fraction: number) => Promise<void>,
) {
  const { files, problems: zipProblems } = await readCpeZip(zip)
  const problems: FileProblem[] = zipProblems.map((p) => problemOf(p.file, p.message))
  const [company] = await db
    .select({ ruc: companies.ruc })
    .from(companies)
    .where(eq(companies.id, batch.companyId))
  const [line] = batch.expenseLineId
    ? await db
        .select({ code: expenseLines.code })
        .from(expenseLines)
        .where(eq(expenseLines.id, batch.expenseLineId))
    : []
  const read: { file: CpeZipFile; cpe: CpeDocument; root: CpeRoot }[] = []
  for (const [i, file] of files.entries()) {
    try {
      read.push({ file, ...readCpe(file.xml) })
    } catch (error) {
      if (!(error instanceof CpeXmlError)) throw error
      for (const message of error.problems) problems.push(problemOf(file.name, message))
    }
    if ((i + 1) % 100 === 0) await onProgress(i + 1, ((i + 1) / files.length) * 0.5)
  }
  const { validateCpeSchemas } = await import('@planillas/formats/cpe-schema')
  const schema = await validateCpeSchemas(read.map((r) => ({ root: r.root, content: r.file.xml })))
  await onProgress(files.length, 0.7)

  const today = todayInLima()
  const rows: Row[] = []
  const byRow = new Map<number, CpeZipFile>()
  const declared = new Map<number, DeclaredTerms | null>()
  for (const [i, { file, cpe }] of read.entries()) {
    const found = [...schema[i]]
    if (company && cpe.receiver.ruc !== company.ruc)
      found.push(CPE_MESSAGES.receiverNotCompany(cpe.receiver.ruc, company.ruc))
    if (cpe.issueDate > today) found.push(VOUCHER_MESSAGES.issueDateFuture)
    if (!cpe.dueDate) found.push(Z.noDueDate)
    else if (cpe.dueDate < cpe.issueDate) found.push(VOUCHER_MESSAGES.dueBeforeIssue)
    const reference = /^([A-Z0-9]{4})-(\d{1,8})$/.exec(cpe.references[0] ?? '')
    if (cpe.type === '07' && !reference) found.push(Z.creditedMissing)
    for (const message of found) problems.push(problemOf(file.name, message))
    if (found.length) continue
    const rowNumber = i + 1
    byRow.set(rowNumber, file)
    declared.set(rowNumber, declaredTermsOf(cpe))
    rows.push({
      rowNumber,
      ruc: cpe.issuer.ruc,
      type: cpe.type,
      series: cpe.series,
      number: cpe.number,
      issueDate: cpe.issueDate,
      dueDate: cpe.dueDate as string,
      baseCents: cpe.baseCents,
      igvCents: cpe.igvCents,
      totalCents: cpe.totalCents,
      description: cpe.description || `Comprobante electrónico ${cpe.series}-${cpe.number}`,
      expenseLine: line?.code ?? '',
      credited:
        cpe.type === '07' && reference ? { series: reference[1], number: Number(reference[2]) } : null,
      recordingPeriod: null,
      // cpe-xml reads only PEN or USD.
      currency: cpe.currency === 'USD' ? 'USD' : 'PEN',
    })
  }
  // Against the database and each other, as the Excel's rows; each problem named by its file.
  const resolved = await resolveRows(db, rows)
  for (const p of resolved.problems) {
    const file = p.rowNumber === null ? undefined : byRow.get(p.rowNumber)
    const repeated = /fila (\d+)/i.exec(p.message)
    const message = repeated
      ? Z.repeatedInZip(byRow.get(Number(repeated[1]))?.name ?? repeated[1])
      : `${p.column ? `${p.column}: ` : ''}${p.message}`
    problems.push(problemOf(file?.name ?? '', message))
  }
  return { resolved: resolved.resolved, problems, files: byRow, declared, xmlCount: files.length }
}

/**
 * Stores each voucher's XML and PDF before the registering transaction (which then only records
 * them, as 'Registrar comprobante' does); a failed write deletes what was stored.
 */
export async function storeZipFiles(storage: FileStorage, files: Map<number, CpeZipFile>) {
  const stored = new Map<number, StoredAttachment[]>()
  const keys: string[] = []
  try {
    for (const [rowNumber, file] of files) {
      const own: StoredAttachment[] = []
      const name = file.name.split('/').at(-1) ?? file.name
      const xmlKey = await storage.put(file.xml, { name, contentType: 'application/xml' })
      keys.push(xmlKey)
      own.push({ kind: 'xml', key: xmlKey, name, contentType: 'application/xml', size: file.xml.length })
      if (file.pdf) {
        const key = await storage.put(file.pdf.content, {
          name: file.pdf.name,
          contentType: 'application/pdf',
        })
        keys.push(key)
        own.push({
          kind: 'pdf',
          key,
          name: file.pdf.name,
          contentType: 'application/pdf',
          size: file.pdf.content.length,
        })
      }
      stored.set(rowNumber, own)
    }
  } catch (error) {
    await removeKeys(storage, keys)
    throw error
  }
  return { stored, keys }
}

export const removeKeys = async (storage: FileStorage, keys: string[]) => {
  for (const key of keys) await storage.delete(key).catch(() => {})
}
