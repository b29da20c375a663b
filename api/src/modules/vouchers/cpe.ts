import { companies, type Database, suppliers } from '@planillas/db'
import {
  CPE_MESSAGES,
  type CpeDocument,
  type CpeTypedFields,
  cpeDisagreements,
  cpeFormValues,
  cpePartyProblems,
} from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'
import type { UploadedFile } from './form'

const ID = /^\d{1,9}$/

/** The reader and the schema check load with the first XML, not with the app. */
async function readAndValidate(content: Buffer): Promise<{ cpe?: CpeDocument; problems: string[] }> {
  const { readCpe, CpeXmlError } = await import('@planillas/formats/cpe-xml')
  let read: ReturnType<typeof readCpe>
  try {
    read = readCpe(content)
  } catch (error) {
    if (error instanceof CpeXmlError) return { problems: error.problems }
    throw error
  }
  const { validateCpeSchemas, SchemaValidatorUnavailable } = await import('@planillas/formats/cpe-schema')
  try {
    const [schemaProblems] = await validateCpeSchemas([{ root: read.root, content }])
    return { cpe: read.cpe, problems: schemaProblems }
  } catch (error) {
    if (error instanceof SchemaValidatorUnavailable) return { problems: [CPE_MESSAGES.schemaUnavailable] }
    throw error
  }
}

export type CpeReading = {
  cpe: CpeDocument
  /** The voucher form's fields the XML fills, with the company and the supplier it names. */
  values: Record<string, string>
}

/**
 * 'Leer XML' and the XML of 'Registrar comprobante': the XML read safely and validated, its issuer
 * a registered supplier (the one chosen, when one is), its receiver a paying company (the one
 * chosen, when one is), and nothing the clerk typed contradicted. Every problem at once, as a
 * Spanish 400; nothing is stored here.
 */
export async function readVoucherXml(
  db: Database,
  file: UploadedFile,
  fields: Record<string, string>,
): Promise<CpeReading> {
  const { cpe, problems } = await readAndValidate(file.content)
  if (!cpe || problems.length) throw badRequest(problems)
  const chosenSupplier = ID.test(fields.supplierId ?? '')
    ? (
        await db
          .select()
          .from(suppliers)
          .where(eq(suppliers.id, Number(fields.supplierId)))
      )[0]
    : undefined
  const chosenCompany = ID.test(fields.companyId ?? '')
    ? (
        await db
          .select()
          .from(companies)
          .where(eq(companies.id, Number(fields.companyId)))
      )[0]
    : undefined
  const found = [
    ...cpePartyProblems(cpe, { supplierRuc: chosenSupplier?.ruc, companyRuc: chosenCompany?.ruc }),
    ...cpeDisagreements(cpe, fields as CpeTypedFields),
  ]
  const supplier =
    chosenSupplier ?? (await db.select().from(suppliers).where(eq(suppliers.ruc, cpe.issuer.ruc)))[0]
  const company =
    chosenCompany ?? (await db.select().from(companies).where(eq(companies.ruc, cpe.receiver.ruc)))[0]
  if (!supplier) found.push(CPE_MESSAGES.issuerUnknown(cpe.issuer.ruc, cpe.issuer.name))
  if (!company) found.push(CPE_MESSAGES.receiverUnknown(cpe.receiver.ruc))
  if (found.length) throw badRequest(found)
  return {
    cpe,
    values: {
      ...cpeFormValues(cpe),
      companyId: String(company.id),
      supplierId: String(supplier.id),
    },
  }
}
