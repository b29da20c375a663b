import { z } from 'zod'
import { centsToSoles, formatCents, solesToCents } from '../common/money'
import { DeclaredTermsSchema } from './cpe-declared'
import type { CpeDocument } from './cpe-document'
import { type VoucherType, voucherType } from './voucher-schema'

export * from './cpe-document'

/**
 * The rules that decide whether a supplier's electronic voucher (`CpeDocument`, as read from its
 * UBL 2.1 XML) may fill or back a voucher (docs/decisions/cpe-xml.md), and their messages.
 */

export const CPE_MESSAGES = {
  required: 'Adjunte el XML del comprobante',
  notXml: (detail: string) => `El archivo no es un XML bien formado (${detail})`,
  encoding: (encoding: string) =>
    `El XML declara la codificación ${encoding}; solo se leen XML en UTF-8 o ISO-8859-1`,
  tooLarge: (mb: number) => `El XML supera ${mb} MB`,
  doctype: 'El XML trae una declaración DOCTYPE o entidades: un comprobante electrónico no las usa',
  tooDeep: (depth: number) => `El XML anida más de ${depth} elementos`,
  tooManyElements: (count: number) => `El XML tiene más de ${count.toLocaleString('es-PE')} elementos`,
  textTooLong: 'El XML tiene un texto demasiado largo entre dos etiquetas',
  notUbl: (root: string) =>
    `El XML no es una factura, boleta ni nota electrónica UBL 2.1 de SUNAT: su elemento raíz es ${root}`,
  version: (found: string) => `cbc:UBLVersionID debe ser 2.1 (el XML dice '${found}')`,
  missing: (element: string) => `Falta el elemento ${element}`,
  invalid: (element: string, value: string) => `${element} tiene un valor inválido: '${value}'`,
  typeCode: (value: string) =>
    `cbc:InvoiceTypeCode debe ser 01 (factura) o 03 (boleta); el XML dice '${value}'`,
  idFormat: (value: string) =>
    `cbc:ID debe ser la serie (4 caracteres) y el número (hasta 8 dígitos), p. ej. F001-123; el XML dice '${value}'`,
  rucScheme: (element: string) => `${element} debe ser un R.U.C. (schemeID 6) de 11 dígitos`,
  currency: (value: string) =>
    `cbc:DocumentCurrencyCode es ${value}: solo se registran comprobantes en soles (PEN) o dólares (USD)`,
  otherTax: (code: string, name: string) =>
    `cac:TaxTotal/cac:TaxSubtotal trae el tributo ${code} ${name} con monto: el comprobante registra solo base imponible e IGV`,
  taxSum: (declared: string, sum: string) =>
    `Los montos no cuadran: cac:TaxTotal/cbc:TaxAmount es ${declared} y la suma de sus cac:TaxSubtotal es ${sum}`,
  payable: (element: string, payable: string, sum: string) =>
    `Los montos no cuadran: ${element}/cbc:PayableAmount es ${payable} y la base imponible más el IGV es ${sum}`,
  lines: (element: string, declared: string, sum: string) =>
    `Los montos no cuadran: ${element}/cbc:LineExtensionAmount es ${declared} y la suma de las líneas es ${sum}`,
  issuerNotSupplier: (xmlRuc: string, supplierRuc: string) =>
    `El emisor del XML (cac:AccountingSupplierParty, R.U.C. ${xmlRuc}) no es el proveedor elegido (R.U.C. ${supplierRuc})`,
  issuerUnknown: (ruc: string, name: string) =>
    `El emisor del XML (cac:AccountingSupplierParty, R.U.C. ${ruc}, ${name}) no está registrado como proveedor`,
  receiverNotCompany: (xmlRuc: string, companyRuc: string) =>
    `El receptor del XML (cac:AccountingCustomerParty, R.U.C. ${xmlRuc}) no es la empresa pagadora elegida (R.U.C. ${companyRuc})`,
  receiverUnknown: (ruc: string) =>
    `El receptor del XML (cac:AccountingCustomerParty, R.U.C. ${ruc}) no es una empresa pagadora registrada`,
  disagrees: (field: string, element: string, xml: string, typed: string) =>
    `${field}: el XML dice ${xml} (${element}) y se escribió ${typed}`,
  schema: (line: number | null, element: string | null, what: string) =>
    `El XML no cumple el esquema UBL 2.1 de SUNAT${line ? ` (línea ${line})` : ''}${element ? `: ${element}` : ''} ${what}`,
  creditWithoutInstalments:
    'La forma de pago es Crédito (cac:PaymentTerms FormaPago, cbc:PaymentMeansID Credito) y el XML no trae cuotas (cac:PaymentTerms con cbc:PaymentMeansID CuotaNNN)',
  instalmentsSum: (sum: string, credit: string) =>
    `Las cuotas no cuadran: la suma de sus cbc:Amount (cac:PaymentTerms CuotaNNN) es ${sum} y el monto neto pendiente de pago (cac:PaymentTerms FormaPago Credito, cbc:Amount) es ${credit}`,
  instalmentAmount: (label: string) =>
    `La cuota ${label} no trae un monto mayor que cero (cac:PaymentTerms/cbc:Amount)`,
  instalmentDue: (label: string) =>
    `Falta el elemento cac:PaymentTerms/cbc:PaymentDueDate de la cuota ${label}`,
  instalmentRepeated: (label: string) =>
    `La cuota ${label} está repetida (cac:PaymentTerms/cbc:PaymentMeansID)`,
  schemaUnavailable:
    'No se pudo validar el XML contra el esquema UBL 2.1 de SUNAT: el validador no está disponible; avise al administrador',
} as const

/** What the form already holds (strings as typed); blank fields are not compared. */
export type CpeTypedFields = Partial<
  Record<
    'type' | 'series' | 'number' | 'issueDate' | 'dueDate' | 'currency' | 'base' | 'igv' | 'total',
    string
  >
>

/**
 * The fields the clerk typed that the XML contradicts, each naming the element. A typed value that
 * is not even valid is the form's own problem, not a disagreement, and is skipped here.
 */
export function cpeDisagreements(cpe: CpeDocument, typed: CpeTypedFields): string[] {
  const M = CPE_MESSAGES
  const problems: string[] = []
  const text = (v?: string) => (v ?? '').trim()
  const typeName = (t: string) => voucherType[t as VoucherType] ?? t
  const typeElement = cpe.type === '07' || cpe.type === '08' ? 'elemento raíz' : 'cbc:InvoiceTypeCode'
  if (text(typed.type) && text(typed.type) !== cpe.type)
    problems.push(M.disagrees('Tipo', typeElement, typeName(cpe.type), typeName(text(typed.type))))
  if (text(typed.series) && text(typed.series).toUpperCase() !== cpe.series)
    problems.push(M.disagrees('Serie', 'cbc:ID', cpe.series, text(typed.series)))
  if (/^\d{1,8}$/.test(text(typed.number)) && Number(text(typed.number)) !== cpe.number)
    problems.push(M.disagrees('Número', 'cbc:ID', String(cpe.number), text(typed.number)))
  if (text(typed.issueDate) && text(typed.issueDate) !== cpe.issueDate)
    problems.push(M.disagrees('Fecha de emisión', 'cbc:IssueDate', cpe.issueDate, text(typed.issueDate)))
  if (text(typed.dueDate) && cpe.dueDate && text(typed.dueDate) !== cpe.dueDate)
    problems.push(
      M.disagrees(
        'Fecha de vencimiento',
        'cbc:DueDate o cbc:PaymentDueDate',
        cpe.dueDate,
        text(typed.dueDate),
      ),
    )
  const currency = text(typed.currency).toUpperCase()
  if (currency && currency !== cpe.currency)
    problems.push(M.disagrees('Moneda', 'cbc:DocumentCurrencyCode', cpe.currency, currency))
  const amounts: [keyof CpeTypedFields, string, string, number][] = [
    ['base', 'Base imponible', 'cbc:TaxableAmount', cpe.baseCents],
    ['igv', 'IGV', 'cac:TaxTotal/cbc:TaxAmount', cpe.igvCents],
    ['total', 'Total', 'cbc:PayableAmount', cpe.totalCents],
  ]
  for (const [key, label, element, cents] of amounts) {
    const typedValue = solesToCents(text(typed[key]))
    if (typedValue !== null && typedValue !== cents)
      problems.push(M.disagrees(label, element, formatCents(cents), formatCents(typedValue)))
  }
  return problems
}

/** The issuer must be the supplier and the receiver the paying company (when they are known). */
export function cpePartyProblems(
  cpe: CpeDocument,
  parties: { supplierRuc?: string | null; companyRuc?: string | null },
): string[] {
  const problems: string[] = []
  if (parties.supplierRuc && parties.supplierRuc !== cpe.issuer.ruc)
    problems.push(CPE_MESSAGES.issuerNotSupplier(cpe.issuer.ruc, parties.supplierRuc))
  if (parties.companyRuc && parties.companyRuc !== cpe.receiver.ruc)
    problems.push(CPE_MESSAGES.receiverNotCompany(cpe.receiver.ruc, parties.companyRuc))
  return problems
}

/** The voucher form's values the XML fills (the form's field names, as text). */
export function cpeFormValues(cpe: CpeDocument): Record<string, string> {
  return {
    type: cpe.type,
    series: cpe.series,
    number: String(cpe.number),
    issueDate: cpe.issueDate,
    dueDate: cpe.dueDate ?? '',
    currency: cpe.currency,
    base: centsToSoles(cpe.baseCents),
    igv: centsToSoles(cpe.igvCents),
    total: centsToSoles(cpe.totalCents),
  }
}

/** 'Leer XML''s answer: the form's values (with the company and supplier named) and what was read. */
export const CpeReadingSchema = z.object({
  values: z.object({
    companyId: z.string(),
    supplierId: z.string(),
    type: z.string(),
    series: z.string(),
    number: z.string(),
    issueDate: z.string(),
    dueDate: z.string(),
    currency: z.string(),
    base: z.string(),
    igv: z.string(),
    total: z.string(),
  }),
  cpe: z.object({
    type: z.enum(['01', '03', '07', '08']),
    series: z.string(),
    number: z.number(),
    issueDate: z.string(),
    dueDate: z.string().nullable(),
    currency: z.string(),
    issuer: z.object({ ruc: z.string(), name: z.string() }),
    receiver: z.object({ ruc: z.string(), name: z.string() }),
    baseCents: z.number(),
    igvCents: z.number(),
    totalCents: z.number(),
    ...DeclaredTermsSchema.shape,
    references: z.array(z.string()),
    description: z.string(),
  }),
})

/** A ZIP of CPEs ('Carga de comprobantes' from XML): bounds of the file and its entries. */
export const CPE_ZIP_LIMITS = {
  /** The upload: 1,000 facturas with PDFs of ~50 KB each fit well under it. */
  maxFileBytes: 100 * 1024 * 1024,
  /** Entries that are files (XMLs and PDFs). */
  maxEntries: 4_000,
  maxXmls: 2_000,
  maxXmlBytes: 10 * 1024 * 1024,
  maxPdfBytes: 10 * 1024 * 1024,
  /** All entries inflated together. */
  maxTotalBytes: 512 * 1024 * 1024,
  /**
   * Declared inflated/compressed size of one entry. Invoices compress about 5–20 to 1; deflate
   * reaches about 1,000 to 1 on a bomb's filler.
   */
  maxRatio: 200,
}

export const CPE_ZIP_MESSAGES = {
  file: 'El archivo ZIP es requerido',
  oneFile: 'Cargue un solo archivo ZIP',
  extension: 'El archivo debe ser un .zip con los XML de los comprobantes (y sus PDF)',
  fileSize: `El archivo ZIP admite como máximo ${CPE_ZIP_LIMITS.maxFileBytes / 1024 / 1024} MB`,
  notZip: 'El archivo no es un ZIP válido o está dañado',
  encrypted: 'El ZIP está protegido con contraseña',
  noXml: 'El ZIP no tiene ningún XML de comprobante',
  tooManyEntries: (n: number) => `El ZIP tiene más de ${n.toLocaleString('es-PE')} archivos`,
  tooManyXmls: (n: number) => `El ZIP tiene más de ${n.toLocaleString('es-PE')} XML`,
  totalTooLarge: (mb: number) => `El contenido del ZIP descomprimido supera ${mb} MB`,
  entryTooLarge: (mb: number) => `El archivo supera ${mb} MB descomprimido`,
  bomb: 'El archivo está comprimido de forma anómala (posible bomba de compresión)',
  damaged: 'El archivo está dañado dentro del ZIP',
  otherFile: 'Solo se admiten archivos .xml (el comprobante) y .pdf (su representación impresa)',
  repeated: 'Hay otro archivo con el mismo nombre en el ZIP',
  pdfWithoutXml: 'El PDF no tiene un XML con el mismo nombre',
  noDueDate:
    'Falta la fecha de vencimiento: el XML no trae cbc:DueDate, cuotas (cbc:PaymentDueDate) ni forma de pago Contado',
  repeatedInZip: (other: string) => `El comprobante está también en ${other}`,
  creditedMissing:
    'La nota de crédito no indica el comprobante que modifica (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID)',
  expenseLineRequired: 'Línea de gasto es requerida',
  expenseLineInvalid: 'Línea de gasto inválida',
  accepted: 'Archivo recibido: los comprobantes se registrarán en segundo plano',
} as const
